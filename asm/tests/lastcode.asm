; =====================================================================================================
; lastcode.asm - guest test program: prints what INT 21h AH=4Dh says about the program before it.
;
; Purpose:  prints `LASTCODE: 4Dh returned AX=xxxxh` (AH = exit type, AL = exit code) and exits 0.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/lastcode.asm -o build/lastcode.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> text for INT 21h AH=09h.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

; -----------------------------------------------------------------------------------------------------
; start: print what INT 21h AH=4Dh says about the program before it, then exit with code 0.
; Entry:    from DOS
; Output:   never returns: exits with code 0
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov ah, DOS_GET_RETURN_CODE
        int 21h
        mov dx, message
        call print_text
        call print_hex_word
        mov dx, suffix
        call print_text
        mov ax, DOS_EXIT * 256 + 0
        int 21h

message db "LASTCODE: 4Dh returned AX=$"
suffix  db "h", 0Dh, 0Ah, '$'

%include "tests/testlib.inc"
