; =====================================================================================================
; kernel.asm - PISKDOS, the project's small DOS kernel (PISKDOS.SYS).
;
; Purpose:  runs the programs named in AUTOEXEC.BAT, one line `NAME [tail]` at a time, as NAME.COM with
;           a real PSP, and offers INT 20h, INT 21h (the functions listed in int21.inc) and INT 27h.
;           After the last program it asks for a new command tail and runs that program again, forever.
;           Nothing here pretends to be more: an unsupported INT 21h call prints
;           `unsupported DOS call AH=xxh at ssss:oooo` (ssss:oooo = the address of the caller's INT 21h
;           instruction, i.e. the stacked return IP - 2) and halts idling (sti; hlt).
;           Like DOS, the kernel restores INT 22h/23h/24h after each program and nothing else, so the
;           vectors a TSR installs stay; INT 21h AH=4Dh keeps the last code for every later call.
; Build:    nasm -w+all -f bin -I asm/ -I asm/dos/ asm/dos/kernel.asm -o build/PISKDOS.SYS
;
; Version:  INT 21h AH=30h reports DOS 5.0 (AX=0005h, BX=CX=0). 5.0 is the version most DOS programs
;           of the era were written against and the first that programs stop asking questions about;
;           the functions we do offer behave as in DOS 5.0.
;
; Memory map (linear):
;   00000h-003FFh  interrupt vectors
;   00400h-005FFh  BIOS data area, DOS communication area (unused)
;   00600h-...     this kernel (KERNEL_SEG:0): code and data (the file, about 2.6 KB; boot.asm can load up
;                  to 30208 bytes), then the uninitialised buffers (sector buffer, FAT copy, AUTOEXEC.BAT
;                  text) and the kernel stack: about 12 KB in all, ending near 034C0h
;   034Ch-...      (the first free paragraph after the kernel in the current build) the first program's
;                  PSP. A TSR's kept paragraphs stay resident; the next program's PSP goes right above.
;   memory_top (INT 12h size in paragraphs, written at PSP:02h) is the end of what programs may use.
;   Every COM gets a full 64 KB segment: a program runs only if PSP + 1000h <= memory_top.
;
; Register roles: in the kernel CS = DS = SS = KERNEL_SEG and ES points wherever data is copied to.
;                 Inside the INT 20h/21h/27h services DS and ES are the caller's, kernel variables are
;                 reached through CS: overrides, and the caller's stack is used.
; =====================================================================================================
cpu 8086
org 0

%include "include/dos.inc"
%include "include/bios.inc"

KERNEL_SEG         equ 0060h    ; where boot.asm loads this file (first paragraph after the BIOS data)
KERNEL_STACK_SIZE  equ 512      ; the kernel only nests a few calls; services run on the caller's stack
PARAGRAPH_SHIFT    equ 4        ; 16 bytes per paragraph

section .text

; -----------------------------------------------------------------------------------------------------
; start_kernel: the kernel's entry from the boot sector: set up, run AUTOEXEC.BAT, then the command
; loop.
; Entry:    from boot.asm: CS = KERNEL_SEG, IP = 0, DL = boot drive
; Output:   never returns
; Clobbers: everything
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
start_kernel:
        cli
        mov ax, cs
        mov ds, ax
        mov es, ax
        mov ss, ax
        mov sp, kernel_stack_top
        sti
        cld
        mov [boot_drive], dl
        call install_dos_vectors
        call measure_memory
        call mount_floppy
        call load_autoexec
        call run_autoexec
        jmp repeat_last_program

; -----------------------------------------------------------------------------------------------------
; measure_memory: how much conventional memory there is and where the first program goes.
; Entry:    DS = kernel
; Output:   memory_top = conventional memory size in paragraphs (INT 12h), free_segment = the first
;           paragraph after the kernel's memory
; Clobbers: AX, CX
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
measure_memory:
        int 12h                         ; AX = KB of conventional memory below the EBDA
        mov cl, 6                       ; 64 paragraphs per KB
        shl ax, cl
        mov [memory_top], ax
        mov ax, kernel_memory_end + 15
        mov cl, PARAGRAPH_SHIFT
        shr ax, cl
        mov cx, cs
        add ax, cx
        mov [free_segment], ax
        ret

; -----------------------------------------------------------------------------------------------------
; halt_with_message: print a message and stop (sti; hlt forever).
; Entry:    DS:SI -> zero-terminated message
; Output:   never returns: the message is printed on a line of its own and the CPU idles
; Clobbers: everything
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
halt_with_message:
        call start_fresh_line
        call print_string
        jmp idle_forever

; -----------------------------------------------------------------------------------------------------
; idle_forever: stop the kernel, idling with interrupts on (sti; hlt).
; Entry:    none
; Output:   never returns
; Clobbers: nothing
; Mirrors:  none (DOS service)
; -----------------------------------------------------------------------------------------------------
idle_forever:
        sti                             ; hlt with interrupts on keeps v86 idle instead of spinning
        hlt
        jmp idle_forever

%include "console.inc"
%include "disk.inc"
%include "autoexec.inc"
%include "program.inc"
%include "int21.inc"
%include "clock.inc"

section .data
memory_top      dw 0                   ; paragraphs of conventional memory (INT 12h * 64)
free_segment    dw 0                   ; where the next program's PSP goes

section .bss
kernel_stack    resb KERNEL_STACK_SIZE
kernel_stack_top:
kernel_memory_end:
