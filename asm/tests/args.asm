; =====================================================================================================
; args.asm - guest test program: shows its command tail.
;
; Purpose:  prints `ARGS: [tail]` with the PSP command tail (length at 80h, text at 81h) between the
;           brackets and exits with code 3, so the kernel's final prompt can be tested by typing a tail.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/args.asm -o build/args.COM
; Memory map: one COM segment, code and data only.
; Register roles: SI -> the tail text, CX = characters left.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

PSP_TAIL_LENGTH equ 80h
PSP_TAIL_TEXT   equ 81h
EXIT_CODE       equ 3           ; shows in `PISKDOS: ARGS.COM exited with errorlevel 3.`

; -----------------------------------------------------------------------------------------------------
; start: print the command tail between brackets and exit with EXIT_CODE.
; Entry:    from DOS, DS = PSP
; Output:   never returns: exits with code EXIT_CODE
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov dx, prefix
        call print_text
        mov cl, [PSP_TAIL_LENGTH]
        xor ch, ch
        mov si, PSP_TAIL_TEXT
        jcxz .tail_printed
.next_char:
        lodsb
        call print_char
        loop .next_char
.tail_printed:
        mov dx, suffix
        call print_text
        mov ax, DOS_EXIT * 256 + EXIT_CODE
        int 21h

prefix db "ARGS: [$"
suffix db "]", 0Dh, 0Ah, '$'

%include "tests/testlib.inc"
