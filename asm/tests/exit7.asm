; =====================================================================================================
; exit7.asm - guest test program: ends through INT 21h AH=4Ch with exit code 7.
;
; Purpose:  prints `EXIT7: exiting with 4Ch code 7` and exits with code 7; the next program (DOSTEST or
;           LASTCODE) reads the code back through INT 21h AH=4Dh.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/exit7.asm -o build/exit7.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> text for INT 21h AH=09h.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

EXIT_CODE equ 7                 ; an unusual value, so a default 0 cannot pass for it

; -----------------------------------------------------------------------------------------------------
; start: print a line and exit with code 7.
; Entry:    from DOS
; Output:   never returns: exits with code EXIT_CODE
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov dx, message
        mov ah, DOS_WRITE_STRING
        int 21h
        mov ax, DOS_EXIT * 256 + EXIT_CODE
        int 21h

message db "EXIT7: exiting with 4Ch code 7", 0Dh, 0Ah, '$'
