; =====================================================================================================
; tsr27.asm - guest test program: stays resident through INT 27h with an INT 61h handler.
;
; Purpose:  installs an INT 61h handler with INT 21h AH=25h, prints `TSR27: resident with INT 27h`, and
;           ends with INT 27h keeping DX = bytes up to the end of the handler. INT 61h then returns
;           AX = the resident answer word 2727h, BX = our PSP segment, DX = paragraphs kept.
;           TSRCHECK calls it.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/tsr27.asm -o build/tsr27.COM
; Memory map: PSP, then the resident part (jump, handler, answer), then the installer, which is freed.
; Register roles: DX -> text for INT 21h AH=09h, later the bytes to keep.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

TSR_VECTOR    equ 61h           ; second user interrupt: nothing in the BIOS or DOS uses it
KEPT_BYTES    equ resident_end - $$ + 100h
KEPT_PARAGRAPHS equ (KEPT_BYTES + 15) / 16   ; INT 27h rounds the byte count up to paragraphs

        jmp install

; -----------------------------------------------------------------------------------------------------
; tsr_handler: INT 61h, kept resident: answers with what this TSR kept.
; Entry:    INT 61h
; Output:   AX = the resident answer word, BX = this TSR's PSP segment, DX = paragraphs kept
; Clobbers: nothing else
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
tsr_handler:
        mov ax, [cs:answer]
        mov bx, cs
        mov dx, KEPT_PARAGRAPHS
        iret

answer dw 2727h                 ; checked by TSRCHECK
resident_end:

; -----------------------------------------------------------------------------------------------------
; install: hook INT 61h and stay resident through INT 27h.
; Entry:    from DOS, DS = CS = PSP (INT 27h needs CS = PSP)
; Output:   never returns: stays resident
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
install:
        mov ax, DOS_SET_VECTOR * 256 + TSR_VECTOR
        mov dx, tsr_handler
        int 21h
        mov dx, message
        mov ah, DOS_WRITE_STRING
        int 21h
        mov dx, KEPT_BYTES
        int 27h

message db "TSR27: resident with INT 27h", 0Dh, 0Ah, '$'
