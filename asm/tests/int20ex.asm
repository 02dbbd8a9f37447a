; =====================================================================================================
; int20ex.asm - guest test program: ends through INT 20h.
;
; Purpose:  prints `INT20EX: exiting by INT 20h`, sets AL to a non-zero value and executes INT 20h;
;           DOS must report exit code 0 whatever AL holds.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/int20ex.asm -o build/int20ex.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> text for INT 21h AH=09h.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

STRAY_AL equ 55h                ; INT 20h has no exit code: this must not become one

; -----------------------------------------------------------------------------------------------------
; start: print a line and end through INT 20h with a stray AL.
; Entry:    from DOS
; Output:   never returns: INT 20h ends the program
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov dx, message
        mov ah, DOS_WRITE_STRING
        int 21h
        mov al, STRAY_AL
        int 20h

message db "INT20EX: exiting by INT 20h", 0Dh, 0Ah, '$'
