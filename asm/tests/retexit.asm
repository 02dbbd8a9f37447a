; =====================================================================================================
; retexit.asm - guest test program: ends with a near RET to the 0 word DOS pushed (PSP:0000, INT 20h).
;
; Purpose:  prints `RETEXIT: exiting by RET` and returns; DOS must end it with exit code 0.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/retexit.asm -o build/retexit.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> text for INT 21h AH=09h.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

; -----------------------------------------------------------------------------------------------------
; start: print a line and end with a near ret to PSP:0000.
; Entry:    from DOS, SS:SP -> a 0 word
; Output:   returns to PSP:0000 (INT 20h)
; Clobbers: AX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov dx, message
        mov ah, DOS_WRITE_STRING
        int 21h
        ret

message db "RETEXIT: exiting by RET", 0Dh, 0Ah, '$'
