; =====================================================================================================
; unsup.asm - guest test program: makes an INT 21h call the small DOS does not offer (AH=3Dh, open).
;
; Purpose:  prints `UNSUP: expect unsupported DOS call AH=3Dh at ssss:oooo` with the address of its own
;           INT 21h instruction, then makes the call; the kernel must print exactly that message and
;           halt.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/unsup.asm -o build/unsup.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> text for INT 21h AH=09h.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

; -----------------------------------------------------------------------------------------------------
; start: make an INT 21h call the small DOS does not offer.
; Entry:    from DOS
; Output:   never returns: the kernel halts at the unsupported call
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov dx, expect_text
        call print_text
        mov ax, cs
        call print_hex_word
        mov al, ':'
        call print_char
        mov ax, unsupported_call
        call print_hex_word
        call print_newline
        mov ah, DOS_OPEN_FILE           ; a file function: the small DOS has no files for programs
        mov al, 0
        mov dx, file_name
unsupported_call:
        int 21h
        mov dx, survived_text
        call print_text
        mov ax, DOS_EXIT * 256 + 1
        int 21h

expect_text   db "UNSUP: expect unsupported DOS call AH=3Dh at $"
survived_text db "UNSUP: FAIL the unsupported call returned", 0Dh, 0Ah, '$'
file_name     db "NOFILE.TXT", 0

%include "tests/testlib.inc"
