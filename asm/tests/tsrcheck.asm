; =====================================================================================================
; tsrcheck.asm - guest test program: checks that TSR60 and TSR27 stayed resident and that programs
; are loaded above them.
;
; Purpose:  runs after TSR60 (INT 21h AH=31h) and TSR27 (INT 27h). Calls INT 60h and INT 61h and checks
;           their answers (read from the TSRs' resident memory), that TSR27's PSP is right above what
;           TSR60 kept, that ours is right above what TSR27 kept, and that AH=4Dh reports 0300h
;           (TSR27: type 3 resident, code 0). One `PASS`/`FAIL` line per check, then
;           `TSRCHECK: N passed, M failed`; exits with code M.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/tsrcheck.asm -o build/tsrcheck.COM
; Memory map: one COM segment, code and data only.
; Register roles: DX -> check name, AX = expected, BX = got.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

TSR60_ANSWER   equ 6060h        ; the answer words kept in the TSRs' resident memory
TSR27_ANSWER   equ 2727h
EXPECTED_EXIT  equ 0300h        ; TSR27 ran last: type 3 (resident), code 0

; -----------------------------------------------------------------------------------------------------
; start: check that the two TSRs stayed resident and answer.
; Entry:    from DOS, DS = CS = PSP
; Output:   never returns: exits with AL = failed checks
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov ah, DOS_GET_RETURN_CODE
        int 21h
        mov bx, ax
        mov ax, EXPECTED_EXIT
        mov dx, name_return_code
        call check_equal
        int 60h
        mov [tsr60_segment], bx
        mov [tsr60_kept], dx
        mov bx, ax
        mov ax, TSR60_ANSWER
        mov dx, name_tsr60_answer
        call check_equal
        int 61h
        mov [tsr27_segment], bx
        mov [tsr27_kept], dx
        mov bx, ax
        mov ax, TSR27_ANSWER
        mov dx, name_tsr27_answer
        call check_equal
        mov ax, [tsr60_segment]
        add ax, [tsr60_kept]
        mov bx, [tsr27_segment]
        mov dx, name_tsr27_above
        call check_equal
        mov ax, [tsr27_segment]
        add ax, [tsr27_kept]
        mov bx, cs
        mov dx, name_tsrcheck_above
        call check_equal
        mov dx, program_name_text
        call print_summary
        mov ah, DOS_EXIT
        int 21h

program_name_text  db "TSRCHECK$"
name_return_code   db "4Dh after INT 27h is 0300h$"
name_tsr60_answer  db "INT 60h answered by resident TSR60$"
name_tsr27_answer  db "INT 61h answered by resident TSR27$"
name_tsr27_above   db "TSR27 PSP right above TSR60's kept memory$"
name_tsrcheck_above db "TSRCHECK PSP right above TSR27's kept memory$"
tsr60_segment      dw 0
tsr60_kept         dw 0
tsr27_segment      dw 0
tsr27_kept         dw 0

%include "tests/testlib.inc"
