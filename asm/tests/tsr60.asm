; =====================================================================================================
; tsr60.asm - guest test program: stays resident through INT 21h AH=31h with an INT 60h handler.
;
; Purpose:  installs an INT 60h handler with INT 21h AH=25h, prints `TSR60: resident with 31h`, and
;           ends with AH=31h, exit code 5, keeping the PSP and the handler. INT 60h then returns
;           AX = TSR60_ANSWER (read from resident memory, so an overwrite shows), BX = our PSP segment,
;           DX = paragraphs kept. TSRCHECK calls it.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/tsr60.asm -o build/tsr60.COM
; Memory map: PSP, then the resident part (jump, handler, answer), then the installer, which is freed.
; Register roles: DX -> text for INT 21h AH=09h, later the paragraphs to keep.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"

TSR_VECTOR    equ 60h           ; first user interrupt: nothing in the BIOS or DOS uses it
EXIT_CODE     equ 5             ; shows in AH=4Dh as 0305h (type 3 = resident)
KEPT_PARAGRAPHS equ (resident_end - $$ + 100h + 15) / 16

        jmp install

; -----------------------------------------------------------------------------------------------------
; tsr_handler: INT 60h, kept resident: answers with what this TSR kept.
; Entry:    INT 60h
; Output:   AX = the resident answer word, BX = this TSR's PSP segment, DX = paragraphs kept
; Clobbers: nothing else
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
tsr_handler:
        mov ax, [cs:answer]
        mov bx, cs
        mov dx, KEPT_PARAGRAPHS
        iret

answer dw 6060h                 ; TSR60_ANSWER, checked by TSRCHECK
resident_end:

; -----------------------------------------------------------------------------------------------------
; install: hook INT 60h and stay resident through INT 21h AH=31h.
; Entry:    from DOS, DS = PSP
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
        mov dx, KEPT_PARAGRAPHS
        mov ax, DOS_KEEP_RESIDENT * 256 + EXIT_CODE
        int 21h

message db "TSR60: resident with 31h", 0Dh, 0Ah, '$'
