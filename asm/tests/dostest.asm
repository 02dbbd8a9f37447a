; =====================================================================================================
; dostest.asm - guest test of the small DOS: the COM start state, the PSP and every INT 21h function the
; kernel offers except the terminating ones (exit7, retexit, int20ex, tsr60, tsr27 test those).
;
; Purpose:  one line per check, `PASS name` or `FAIL name expected ... got ...`, then
;           `DOSTEST: N passed, M failed`; exits with code M. Expects to be started as
;           `DOSTEST hello world` right after EXIT7 (so AH=4Dh returns 0007h), and the keys the
;           prompts ask for: "abcde" after `DOSTEST: type abcde`, then "f" and the Up arrow after
;           `DOSTEST: type f and Up`. The output comes in pages: after `DOSTEST: page N done, press Space`
;           it waits for a key (Space) so that no line scrolls off before it is read.
; Build:    nasm -w+all -f bin -I asm/ asm/tests/dostest.asm -o build/dostest.COM
; Memory map: one COM segment: code, data, stack at the top (DOS sets SP = FFFEh).
; Register roles: DS = ES = CS after the entry state is saved; DX -> the current check's name,
;                 AX = expected and BX = got for check_equal.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"
%include "include/bios.inc"

TEST_VECTOR        equ 66h      ; user interrupt range 60h-67h: nothing in the BIOS or DOS uses it
TEST_HANDLER_ANSWER equ 0D05h   ; what test_vector_handler returns in AX
EXPECTED_VERSION   equ 0005h    ; AL = 5, AH = 0: the kernel reports DOS 5.0
EXPECTED_EXIT      equ 0007h    ; EXIT7 runs before us: code 7, type 0 (normal)
PSP_MEMORY_TOP     equ 02h
PSP_TERMINATE      equ 0Ah
PSP_FCB_START      equ 5Ch
PSP_FCB_END        equ 80h
PSP_TAIL_LENGTH    equ 80h
PSP_TAIL_TEXT      equ 81h
FLAG_ZF_FOUND      equ 0100h    ; high byte of a got value: 1 when ZF was set
KEY_WAIT_TICKS     equ 182      ; about 10 s of timer ticks to wait for typed keys
SCAN_UP            equ 48h      ; scan code of the Up arrow
ENTRY_SP           equ 0FFFEh
INT20_OPCODE       equ 20CDh    ; CD 20 read as a little-endian word
TIME_WAIT_TICKS    equ 3        ; enough for the DOS time to move on (one tick is 5.5 hundredths)
BIOS_TICKS         equ BIOS_DATA_SEG * 16 + BDA_TICKS ; the tick counter, from segment 0

; -----------------------------------------------------------------------------------------------------
; start: run every check of the DOS services and exit with the number that failed.
; Entry:    from DOS: CS = DS = ES = SS = PSP, SP = FFFEh, AX = 0 (as checked below)
; Output:   never returns: exits with AL = failed checks
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        mov [cs:entry_ax], ax
        mov [cs:entry_sp], sp
        mov [cs:entry_ds], ds
        mov [cs:entry_es], es
        mov [cs:entry_ss], ss
        mov bx, sp
        mov ax, [ss:bx]
        mov [cs:entry_stack_word], ax
        push cs
        pop ds
        push cs
        pop es
        call check_entry_state
        call check_psp
        mov dx, text_page_1_done
        call wait_for_page_key
        call check_version
        call check_vectors
        call check_date
        call check_time
        call check_return_code
        mov dx, text_page_2_done
        call wait_for_page_key
        call check_output
        call check_input
        mov dx, program_name_text
        call print_summary
        mov ah, DOS_EXIT
        int 21h

; -----------------------------------------------------------------------------------------------------
; wait_for_page_key: end one page of output and wait for a key.
; Entry:    DX -> the page's `DOSTEST: page N done, press Space` line ('$')
; Output:   the line written, one key read with AH=08h; the output comes in pages of at most 20 lines,
;           so the emulator test reads every line before it scrolls off the 25-row screen
; Clobbers: AX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
wait_for_page_key:
        call print_text
        mov ah, DOS_READ_KEY
        int 21h
        ret

; -----------------------------------------------------------------------------------------------------
; check_entry_state: check the registers DOS started the program with.
; Entry:    entry_* saved
; Output:   checks of AX, SP, the 0 word on the stack and the segment registers at entry
; Clobbers: AX, BX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_entry_state:
        mov dx, name_entry_ax
        xor ax, ax
        mov bx, [entry_ax]
        call check_equal
        mov dx, name_entry_sp
        mov ax, ENTRY_SP
        mov bx, [entry_sp]
        call check_equal
        mov dx, name_entry_stack_word
        xor ax, ax
        mov bx, [entry_stack_word]
        call check_equal
        mov dx, name_entry_ds
        mov ax, cs
        mov bx, [entry_ds]
        call check_equal
        mov dx, name_entry_es
        mov bx, [entry_es]
        call check_equal
        mov dx, name_entry_ss
        mov bx, [entry_ss]
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; check_psp: check the fields of the program's PSP.
; Entry:    DS = ES = PSP
; Output:   checks of INT 20h at 0, memory top at 02h, terminate vector at 0Ah, zero FCBs, command
;           tail at 80h
; Clobbers: AX, BX, CX, DX, SI, DI
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_psp:
        mov dx, name_psp_int20
        mov ax, INT20_OPCODE
        mov bx, [0]
        call check_equal
        int 12h
        mov cl, 6                       ; 64 paragraphs per KB
        shl ax, cl
        mov bx, [PSP_MEMORY_TOP]
        mov dx, name_psp_memory_top
        call check_equal
        mov ax, DOS_GET_VECTOR * 256 + 22h
        int 21h
        mov ax, bx
        mov bx, [PSP_TERMINATE]
        mov dx, name_psp_terminate_offset
        call check_equal
        mov ax, es
        mov bx, [PSP_TERMINATE + 2]
        mov dx, name_psp_terminate_segment
        call check_equal
        push cs
        pop es
        mov si, PSP_FCB_START
        xor bx, bx
.next_fcb_byte:
        lodsb
        test al, al
        jz .zero_byte
        inc bx
.zero_byte:
        cmp si, PSP_FCB_END
        jb .next_fcb_byte
        mov dx, name_psp_fcbs_zero
        xor ax, ax
        call check_equal
        mov dx, name_psp_tail_length
        mov ax, EXPECTED_TAIL_LENGTH
        mov bl, [PSP_TAIL_LENGTH]
        xor bh, bh
        call check_equal
        mov si, PSP_TAIL_TEXT
        mov di, expected_tail
        mov cx, EXPECTED_TAIL_LENGTH + 1 ; the text and its closing CR
        xor bx, bx
        repe cmpsb
        jne .tail_compared
        inc bx
.tail_compared:
        mov dx, name_psp_tail_text
        mov ax, 1
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; check_version: check INT 21h AH=30h.
; Entry:    none
; Output:   check of AH=30h
; Clobbers: AX, BX, CX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_version:
        mov ah, DOS_GET_VERSION
        int 21h
        mov bx, ax
        mov ax, EXPECTED_VERSION
        mov dx, name_version
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; check_vectors: check INT 21h AH=25h and AH=35h.
; Entry:    DS = CS
; Output:   checks that AH=25h sets and AH=35h reads TEST_VECTOR, and that INT TEST_VECTOR then runs
;           our handler; the old vector is put back
; Clobbers: AX, BX, DX, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_vectors:
        mov ax, DOS_GET_VECTOR * 256 + TEST_VECTOR
        int 21h
        mov [old_vector], bx
        mov [old_vector + 2], es
        mov ax, DOS_SET_VECTOR * 256 + TEST_VECTOR
        mov dx, test_vector_handler
        int 21h
        mov ax, DOS_GET_VECTOR * 256 + TEST_VECTOR
        int 21h
        mov ax, test_vector_handler
        mov dx, name_vector_offset
        call check_equal
        mov ax, cs
        mov bx, es
        mov dx, name_vector_segment
        call check_equal
        int TEST_VECTOR
        mov bx, ax
        mov ax, TEST_HANDLER_ANSWER
        mov dx, name_vector_called
        call check_equal
        push ds
        lds dx, [old_vector]
        mov ax, DOS_SET_VECTOR * 256 + TEST_VECTOR
        int 21h
        pop ds
        push cs
        pop es
        ret

; -----------------------------------------------------------------------------------------------------
; test_vector_handler: the handler check_vectors installs.
; Entry:    INT TEST_VECTOR
; Output:   AX = TEST_HANDLER_ANSWER
; Clobbers: nothing else
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_vector_handler:
        mov ax, TEST_HANDLER_ANSWER
        iret

; -----------------------------------------------------------------------------------------------------
; check_date: check INT 21h AH=2Ah.
; Entry:    none
; Output:   range checks of the year, month, day and weekday from AH=2Ah
; Clobbers: AX, BX, CX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_date:
        mov ah, DOS_GET_DATE
        int 21h
        mov [date_year], cx
        mov [date_month_day], dx
        mov [date_weekday], al
        mov ax, [date_year]
        mov cx, 1980
        mov bx, 2099
        mov dx, name_date_year
        call check_range
        mov al, [date_month_day + 1]
        xor ah, ah
        mov cx, 1
        mov bx, 12
        mov dx, name_date_month
        call check_range
        mov al, [date_month_day]
        xor ah, ah
        mov bx, 31
        mov dx, name_date_day
        call check_range
        mov al, [date_weekday]
        xor ah, ah
        xor cx, cx
        mov bx, 6
        mov dx, name_date_weekday
        call check_range
        ret

; -----------------------------------------------------------------------------------------------------
; check_time: check INT 21h AH=2Ch.
; Entry:    none
; Output:   range checks of the hours, minutes, seconds, hundredths from AH=2Ch, and a check that the
;           time moves on after a few timer ticks
; Clobbers: AX, BX, CX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_time:
        mov ah, DOS_GET_TIME
        int 21h
        mov [time_hours_minutes], cx
        mov [time_seconds_hundredths], dx
        mov al, [time_hours_minutes + 1]
        xor ah, ah
        xor cx, cx
        mov bx, 23
        mov dx, name_time_hours
        call check_range
        mov al, [time_hours_minutes]
        mov bx, 59
        mov dx, name_time_minutes
        call check_range
        mov al, [time_seconds_hundredths + 1]
        mov dx, name_time_seconds
        call check_range
        mov al, [time_seconds_hundredths]
        mov bx, 99
        mov dx, name_time_hundredths
        call check_range
        mov cx, TIME_WAIT_TICKS
        call wait_ticks
        mov ah, DOS_GET_TIME
        int 21h
        xor bx, bx
        cmp cx, [time_hours_minutes]
        jne .time_moved
        cmp dx, [time_seconds_hundredths]
        je .compared
.time_moved:
        inc bx
.compared:
        mov ax, 1
        mov dx, name_time_moves
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; wait_ticks: wait for a number of BIOS timer ticks, idling.
; Entry:    CX = timer ticks to wait (55 ms each)
; Output:   returns after the BIOS tick counter changed CX times
; Clobbers: AX, CX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
wait_ticks:
        push es
        xor ax, ax
        mov es, ax
.next_tick:
        mov ax, [es:BIOS_TICKS]
.same_tick:
        sti
        hlt                             ; sleep until an interrupt; v86 would spin a host core otherwise
        cmp ax, [es:BIOS_TICKS]
        je .same_tick
        loop .next_tick
        pop es
        ret

; -----------------------------------------------------------------------------------------------------
; check_return_code: check INT 21h AH=4Dh after EXIT7.
; Entry:    EXIT7 ran right before this program
; Output:   check of AH=4Dh
; Clobbers: AX, BX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_return_code:
        mov ah, DOS_GET_RETURN_CODE
        int 21h
        mov bx, ax
        mov ax, EXPECTED_EXIT
        mov dx, name_return_code
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; check_output: check the three output functions 02h, 06h and 09h.
; Entry:    none
; Output:   `PASS 02h writes`, `PASS 06h writes` and `PASS 09h writes` lines, each written by the
;           function it names (the emulator test looks for them), counted as passed; checks of the AL
;           values the three functions return
; Clobbers: AX, BX, CX, DX, SI
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_output:
        mov si, text_02h_writes
        mov ah, DOS_WRITE_CHAR
        call write_with_function
        mov ax, 0
        mov dx, name_02h_returns
        call check_equal
        mov si, text_06h_writes
        mov ah, DOS_DIRECT_CONSOLE
        call write_with_function
        mov ax, 0
        mov dx, name_06h_returns
        call check_equal
        mov dx, text_09h_writes
        mov ah, DOS_WRITE_STRING
        int 21h
        inc word [passed_count]
        xor ah, ah
        mov bx, ax
        mov ax, '$'
        mov dx, name_09h_returns
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; write_with_function: write a text one character per call of a DOS output function.
; Entry:    SI -> zero-terminated text, AH = DOS_WRITE_CHAR or DOS_DIRECT_CONSOLE
; Output:   the text written one character per call, then CR LF; passed_count incremented; BX = number
;           of calls whose AL was not the character written
; Clobbers: AX, DX, SI
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
write_with_function:
        xor bx, bx
.next_char:
        mov dl, [si]
        test dl, dl
        jz .done
        inc si
        int 21h
        cmp al, dl
        je .next_char
        inc bx
        jmp .next_char
.done:
        call print_newline
        inc word [passed_count]
        ret

; -----------------------------------------------------------------------------------------------------
; check_input: check the keyboard input functions with keys the host types.
; Entry:    no key typed yet; the emulator test types keys when the prompts appear
; Output:   checks of AH=0Bh, 06h, 08h, 07h, 01h (with echo), 0Ch and of an extended key
; Clobbers: AX, BX, CX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_input:
        mov ah, DOS_CHECK_INPUT
        int 21h
        xor ah, ah
        mov bx, ax
        xor ax, ax
        mov dx, name_0bh_no_key
        call check_equal
        call read_direct_console
        mov ax, FLAG_ZF_FOUND
        mov dx, name_06h_no_key
        call check_equal
        mov dx, text_type_abcde
        call print_text
        mov ah, DOS_READ_KEY
        mov cx, 'a'
        mov dx, name_08h_reads
        call check_read_function
        mov ah, DOS_READ_KEY_RAW
        mov cx, 'b'
        mov dx, name_07h_reads
        call check_read_function
        mov dx, text_01h_echo
        call print_text
        mov ah, DOS_READ_KEY_ECHO
        int 21h
        call print_newline
        xor ah, ah
        mov bx, ax
        mov ax, 'c'
        mov dx, name_01h_reads
        call check_equal
        call wait_for_waiting_key
        mov ax, 0FFh
        mov dx, name_0bh_key_waiting
        call check_equal
        call read_direct_console
        mov ax, 'd'
        mov dx, name_06h_reads
        call check_equal
        call wait_for_waiting_key
        mov ax, DOS_FLUSH_AND_READ * 256 + DOS_DIRECT_CONSOLE
        mov dl, DOS_DIRECT_INPUT
        call call_and_record_zf
        mov ax, FLAG_ZF_FOUND
        mov dx, name_0ch_flushes
        call check_equal
        mov dx, text_type_f_up
        call print_text
        mov ax, DOS_FLUSH_AND_READ * 256 + DOS_READ_KEY_RAW
        mov cx, 'f'
        mov dx, name_0ch_reads
        call check_read_function
        mov ah, DOS_READ_KEY
        int 21h
        mov bh, al
        mov ah, DOS_READ_KEY
        int 21h
        mov bl, al
        mov ax, SCAN_UP
        mov dx, name_extended_key
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; check_read_function: call one reading function and check the key it returns.
; Entry:    AX = INT 21h AX of a reading function, CX = the key expected, DX -> check name
; Output:   the function called and its AL checked against CX
; Clobbers: AX, BX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
check_read_function:
        int 21h
        xor ah, ah
        mov bx, ax
        mov ax, cx
        call check_equal
        ret

; -----------------------------------------------------------------------------------------------------
; read_direct_console: read through INT 21h AH=06h without waiting.
; Entry:    none
; Output:   BX = AL of INT 21h AH=06h DL=FFh, plus FLAG_ZF_FOUND when it returned ZF=1
; Clobbers: AX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
read_direct_console:
        mov ah, DOS_DIRECT_CONSOLE
        mov dl, DOS_DIRECT_INPUT
        call call_and_record_zf
        ret

; -----------------------------------------------------------------------------------------------------
; call_and_record_zf: call INT 21h and keep what it returned in AL and ZF.
; Entry:    AX, DL = INT 21h input
; Output:   BX = AL returned, plus FLAG_ZF_FOUND when ZF was set on return
; Clobbers: AX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
call_and_record_zf:
        int 21h
        jz .zero_flag_set
        mov bl, al
        xor bh, bh
        ret
.zero_flag_set:
        mov bl, al
        mov bh, FLAG_ZF_FOUND >> 8
        ret

; -----------------------------------------------------------------------------------------------------
; wait_for_waiting_key: wait until INT 21h AH=0Bh reports a key, or give up.
; Entry:    none
; Output:   BX = AL of INT 21h AH=0Bh once it reports a key, or 0 after KEY_WAIT_TICKS ticks
; Clobbers: AX, CX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
wait_for_waiting_key:
        mov cx, KEY_WAIT_TICKS
.check:
        mov ah, DOS_CHECK_INPUT
        int 21h
        mov bl, al
        xor bh, bh
        test al, al
        jnz .done
        push cx
        mov cx, 1
        call wait_ticks
        pop cx
        loop .check
.done:
        ret

program_name_text   db "DOSTEST$"
text_page_1_done    db "DOSTEST: page 1 done, press Space", CR, LF, '$'
text_page_2_done    db "DOSTEST: page 2 done, press Space", CR, LF, '$'
expected_tail       db " hello world"
EXPECTED_TAIL_LENGTH equ $ - expected_tail
        db CR
text_02h_writes     db "PASS 02h writes", 0
text_06h_writes     db "PASS 06h writes", 0
text_09h_writes     db "PASS 09h writes", CR, LF, '$'
text_type_abcde     db "DOSTEST: type abcde", CR, LF, '$'
text_01h_echo       db "01h echo: $"
text_type_f_up      db "DOSTEST: type f and Up", CR, LF, '$'
name_entry_ax       db "entry AX=0$"
name_entry_sp       db "entry SP=FFFEh$"
name_entry_stack_word db "entry word at SS:FFFEh=0$"
name_entry_ds       db "entry DS=CS$"
name_entry_es       db "entry ES=CS$"
name_entry_ss       db "entry SS=CS$"
name_psp_int20      db "PSP 00h INT 20h$"
name_psp_memory_top db "PSP 02h memory top$"
name_psp_terminate_offset db "PSP 0Ah terminate offset$"
name_psp_terminate_segment db "PSP 0Ch terminate segment$"
name_psp_fcbs_zero  db "PSP 5Ch-7Fh FCBs zero$"
name_psp_tail_length db "PSP 80h tail length$"
name_psp_tail_text  db "PSP 81h tail text$"
name_version        db "30h version 5.0$"
name_vector_offset  db "25h/35h vector offset$"
name_vector_segment db "25h/35h vector segment$"
name_vector_called  db "25h vector is called$"
name_date_year      db "2Ah year$"
name_date_month     db "2Ah month$"
name_date_day       db "2Ah day$"
name_date_weekday   db "2Ah weekday$"
name_time_hours     db "2Ch hours$"
name_time_minutes   db "2Ch minutes$"
name_time_seconds   db "2Ch seconds$"
name_time_hundredths db "2Ch hundredths$"
name_time_moves     db "2Ch time moves on$"
name_return_code    db "4Dh return code of EXIT7$"
name_02h_returns    db "02h returns AL=DL$"
name_06h_returns    db "06h returns AL=DL$"
name_09h_returns    db "09h returns AL=24h$"
name_0bh_no_key     db "0Bh no key$"
name_06h_no_key     db "06h no key ZF=1$"
name_08h_reads      db "08h reads a$"
name_07h_reads      db "07h reads b$"
name_01h_reads      db "01h reads c$"
name_0bh_key_waiting db "0Bh key waiting$"
name_06h_reads      db "06h reads d ZF=0$"
name_0ch_flushes    db "0Ch flushes e$"
name_0ch_reads      db "0Ch then 07h reads f$"
name_extended_key   db "08h extended key 0 then 48h$"
entry_ax            dw 0
entry_sp            dw 0
entry_stack_word    dw 0
entry_ds            dw 0
entry_es            dw 0
entry_ss            dw 0
old_vector          dd 0
date_year           dw 0
date_month_day      dw 0
date_weekday        db 0
time_hours_minutes  dw 0
time_seconds_hundredths dw 0

%include "tests/testlib.inc"
