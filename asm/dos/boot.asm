; =====================================================================================================
; boot.asm - FAT12 boot sector of PISKDOS, the project's small DOS.
;
; Purpose:  the BIOS loads this sector to 0000:7C00h. It reads the geometry from its own BPB
;           (mformat -B rewrites the BPB for the real disk, so nothing is assumed), loads the first
;           FAT, finds PISKDOS.SYS in the root directory, loads it cluster by cluster following the
;           FAT chain and jumps to it at 0060h:0000h with the boot drive in DL.
; Build:    nasm -w+all -f bin -I asm/ -I asm/dos/ asm/dos/boot.asm -o build/boot.bin
;
; Memory map while booting (linear):
;   00000h-004FFh  interrupt vectors and BIOS data area (left alone)
;   00600h-07BFFh  PISKDOS.SYS is loaded here (KERNEL_LOAD_SEG:0), so it may be up to 30208 bytes
;   07A00h-07BFFh  our stack grows down from 07C00h (only a few words are used)
;   07C00h-07DFFh  this boot sector
;   07E00h-07FFFh  one root directory sector (DIR_BUFFER)
;   08000h-091FFh  the first FAT (FAT_BUFFER, 9 sectors on a 1.44 MB floppy)
;
; Register roles: DS = ES = SS = 0 throughout except ES:BX = the load address while loading the kernel;
;                 AX = LBA or cluster being worked on, CX = counts.
; =====================================================================================================
cpu 8086
org 7C00h

%include "include/bios.inc"

KERNEL_LOAD_SEG    equ 0060h    ; first paragraph after the BIOS data area and the DOS communication area
BOOT_STACK_TOP     equ 7C00h    ; the stack grows down below this sector
DIR_BUFFER         equ 7E00h    ; the first free bytes after this sector
FAT_BUFFER         equ 8000h    ; after the directory buffer; a FAT12 FAT is at most 12 sectors (to 9800h)
SECTOR_SIZE        equ 512      ; every PC floppy format uses 512-byte sectors
DIR_ENTRY_SIZE     equ 32       ; size of a FAT directory entry
DIR_ENTRIES_PER_SECTOR equ SECTOR_SIZE / DIR_ENTRY_SIZE
DIR_START_CLUSTER  equ 26       ; offset of the first cluster number in a directory entry
FAT_NAME_LENGTH    equ 11       ; 8 name + 3 extension characters, space padded
READ_RETRIES       equ 3        ; real floppy drives need a retry after a motor spin-up; v86 never does
FAT12_END_OF_CHAIN equ 0FF8h    ; cluster values FF8h-FFFh end a FAT12 chain
FIRST_DATA_CLUSTER equ 2        ; clusters 0 and 1 do not exist on disk

        jmp short start_boot
        nop

; ---- BIOS parameter block (standard layout; mformat -B fills in the real values) ------------
oem_name            db "PISKDOS "
bytes_per_sector    dw 512
sectors_per_cluster db 1
reserved_sectors    dw 1
fat_count           db 2
root_entries        dw 224
total_sectors       dw 2880
media_descriptor    db 0F0h
sectors_per_fat     dw 9
sectors_per_track   dw 18
head_count          dw 2
hidden_sectors      dd 0
total_sectors_large dd 0
drive_number        db 0
reserved_byte       db 0
extended_signature  db 29h
volume_id           dd 0
volume_label        db "PISKASM    "
file_system_type    db "FAT12   "

; -----------------------------------------------------------------------------------------------------
; start_boot: the boot sector's entry: find PISKDOS.SYS on the floppy, load it and jump to it.
; Entry:    from the BIOS, DL = boot drive, CS:IP = 0000:7C00h or 07C0:0000h
; Output:   never returns; jumps to the kernel with DL = boot drive, or halts with a message
; Clobbers: everything
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
start_boot:
        cli
        xor ax, ax
        mov ds, ax
        mov es, ax
        mov ss, ax
        mov sp, BOOT_STACK_TOP
        sti
        ; Some BIOSes enter at 07C0:0000 instead of 0000:7C00; the far jump makes CS match org 7C00h.
        jmp 0:use_zero_code_segment
use_zero_code_segment:
        cld
        mov [drive_number], dl
        call compute_disk_layout
        mov ax, [reserved_sectors]
        mov cx, [sectors_per_fat]
        mov bx, FAT_BUFFER
        call read_sectors
        call find_kernel_entry
        mov ax, [di + DIR_START_CLUSTER]
        call load_kernel
        mov dl, [drive_number]
        jmp KERNEL_LOAD_SEG:0

; -----------------------------------------------------------------------------------------------------
; compute_disk_layout: where the root directory and the data area start, from the BPB.
; Entry:    BPB filled in
; Output:   root_dir_lba, root_dir_sectors, data_lba set
; Clobbers: AX, CX, DX
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
compute_disk_layout:
        mov al, [fat_count]
        cbw
        mul word [sectors_per_fat]
        add ax, [reserved_sectors]
        mov [root_dir_lba], ax
        mov ax, [root_entries]
        add ax, DIR_ENTRIES_PER_SECTOR - 1
        mov cl, 4                       ; 16 entries per sector
        shr ax, cl
        mov [root_dir_sectors], ax
        add ax, [root_dir_lba]
        mov [data_lba], ax
        ret

; -----------------------------------------------------------------------------------------------------
; find_kernel_entry: look for PISKDOS.SYS in the root directory.
; Entry:    root_dir_lba, root_dir_sectors set
; Output:   DI -> the directory entry of PISKDOS.SYS inside DIR_BUFFER; halts if there is none
; Clobbers: AX, BX, CX, DX, SI
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
find_kernel_entry:
        mov ax, [root_dir_lba]
        mov dx, [root_dir_sectors]
.next_sector:
        push ax
        push dx
        mov bx, DIR_BUFFER
        mov cx, 1
        call read_sectors
        pop dx
        pop ax
        mov di, DIR_BUFFER
.next_entry:
        mov si, kernel_file_name
        mov cx, FAT_NAME_LENGTH
        push di
        repe cmpsb
        pop di
        je .found
        add di, DIR_ENTRY_SIZE
        cmp di, DIR_BUFFER + SECTOR_SIZE
        jb .next_entry
        inc ax
        dec dx
        jnz .next_sector
        mov si, message_not_found
        jmp halt_with_message
.found:
        ret

; -----------------------------------------------------------------------------------------------------
; load_kernel: read PISKDOS.SYS cluster by cluster along its FAT chain.
; Entry:    AX = first cluster of PISKDOS.SYS, FAT in FAT_BUFFER
; Output:   the whole cluster chain read to KERNEL_LOAD_SEG:0
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
load_kernel:
        mov bx, KERNEL_LOAD_SEG
        mov es, bx
        xor bx, bx
.next_cluster:
        push ax
        sub ax, FIRST_DATA_CLUSTER
        mov cl, [sectors_per_cluster]
        xor ch, ch
        mul cx
        add ax, [data_lba]
        call read_sectors
        pop ax
        call find_next_cluster
        cmp ax, FAT12_END_OF_CHAIN
        jb .next_cluster
        ret

; -----------------------------------------------------------------------------------------------------
; find_next_cluster: the FAT12 entry of a cluster: the next cluster of its chain.
; Entry:    AX = cluster number, FAT in FAT_BUFFER
; Output:   AX = the next cluster of the chain (>= FAT12_END_OF_CHAIN at the end)
; Clobbers: CX, SI
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
find_next_cluster:
        mov si, ax
        shr si, 1
        add si, ax                      ; SI = cluster * 3 / 2, the byte offset of the 12-bit entry
        test al, 1
        jz .even_cluster
        mov ax, [FAT_BUFFER + si]
        mov cl, 4                       ; an odd cluster's entry is the high 12 bits of the word
        shr ax, cl
        ret
.even_cluster:
        mov ax, [FAT_BUFFER + si]
        and ax, 0FFFh                   ; an even cluster's entry is the low 12 bits of the word
        ret

; -----------------------------------------------------------------------------------------------------
; read_sectors: read consecutive sectors from the boot drive.
; Entry:    AX = first LBA, CX = sector count (>= 1), ES:BX = buffer
; Output:   sectors read; BX advanced past them; halts with a message on a disk error
; Clobbers: AX, CX, DX, DI
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
read_sectors:
.next_sector:
        push ax
        push cx
        call read_one_sector
        pop cx
        pop ax
        add bx, SECTOR_SIZE
        inc ax
        loop .next_sector
        ret

; -----------------------------------------------------------------------------------------------------
; read_one_sector: read one sector from the boot drive, with retries.
; Entry:    AX = LBA, ES:BX = buffer
; Output:   the sector read; halts with a message on a disk error
; Clobbers: AX, CX, DX, DI
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
read_one_sector:
        xor dx, dx
        div word [sectors_per_track]
        mov cl, dl
        inc cl                          ; CHS sector numbers start at 1
        xor dx, dx
        div word [head_count]
        mov ch, al                      ; a floppy has fewer than 256 cylinders: CL bits 6-7 stay 0
        mov dh, dl
        mov dl, [drive_number]
        mov di, READ_RETRIES
.try_read:
        mov ax, DISK_READ * 256 + 1     ; one sector
        int 13h
        jnc .done
        xor ax, ax                      ; AH = DISK_RESET: reset the controller before the retry
        int 13h
        dec di
        jnz .try_read
        mov si, message_disk_error
        jmp halt_with_message
.done:
        ret

; -----------------------------------------------------------------------------------------------------
; halt_with_message: print a message and stop (sti; hlt forever).
; Entry:    SI -> zero-terminated message
; Output:   never returns: the message is printed and the CPU idles
; Clobbers: everything
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
halt_with_message:
        lodsb
        test al, al
        jz .idle
        mov ah, VIDEO_TELETYPE
        xor bx, bx
        int 10h
        jmp halt_with_message
.idle:
        sti                             ; hlt with interrupts on keeps v86 idle instead of spinning
        hlt
        jmp .idle

kernel_file_name   db "PISKDOS SYS"
message_not_found  db "PISKDOS.SYS not found", 0
message_disk_error db "Disk error while booting", 0
root_dir_lba       dw 0
root_dir_sectors   dw 0
data_lba           dw 0

        times 510 - ($ - $$) db 0
        dw 0AA55h
