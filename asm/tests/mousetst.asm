; =====================================================================================================
; MOUSETST.COM - guest-side test of MOUSE.COM's INT 33h functions against known PS/2 input.
;
; Build:    nasm -w+all -f bin -I asm/ asm/tests/mousetst.asm -o build/mousetst.COM
;
; Modes (command tail):
;   (none)  full test with MOUSE.COM resident. Whenever input is needed the program prints
;           `READY n` and waits for a key (INT 16h AH=00h: SeaBIOS waits with sti/hlt). The host
;           (tests/emu/mouse.test.ts) sends the PS/2 input of step n, then any key:
;             READY 1  sendDelta(24, 16)                READY 2  sendDelta(-40, -32)
;             READY 3  sendDelta(127, 0) three times    READY 4  left press/release twice, right press
;             READY 5  right release                    READY 6  sendDelta(8, 0), left press, release
;             READY 7  sendDelta(8, 0), right press/release, left press/release
;             READY 8  sendDelta(16, 16)
;   /N      no driver installed: the INT 33h vector may be 0000:0000 (a real program must check it
;           is non-null before calling INT 33h); if it is not null, INT 33h AX=0 must return AX=0.
;   /E      run after a second MOUSE: INT 21h 4Dh must report errorlevel 1 (install refused).
; Every check prints `PASS name` or `FAIL name item k expected XXXX got YYYY`; the last line is
; `MOUSETST: N passed, M failed` and the errorlevel is M.
;
; Memory map: one COM segment (CS = DS = ES = SS = PSP); 80h command tail; code and data from 100h.
; Video memory B800h is read to check the software text cursor (80x25 colour text, page 0).
;
; Register roles: test steps use AX..DX freely for INT 33h; EXPECT stores its operands in memory so
; any register may be checked; ES is reloaded wherever it is used.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"
%include "include/bios.inc"
%include "include/int33.inc"

SIGNATURE_LENGTH    equ 8
HEADER_X            equ 12      ; MOUSE.COM header offsets from the vector offset (architecture.md 2)
HEADER_Y            equ 14
HEADER_BUTTONS      equ 16
HEADER_SHOW         equ 18
HEADER_PACKETS      equ 20
VIDEO_SEG           equ 0B800h  ; colour text mode 3, page 0
TEXT_COLUMNS        equ 80
CELL_CENTRE         equ (12 * TEXT_COLUMNS + 40) * 2   ; byte offset of cell (40,12): x 320, y 96
CELL_MOVED          equ (13 * TEXT_COLUMNS + 42) * 2   ; cell (42,13): x 336, y 104
DEFAULT_SCREEN_MASK equ 77FFh   ; MOUSE.COM's reset masks (Microsoft defaults)
DEFAULT_CURSOR_MASK equ 7700h
TEST_CURSOR_IMAGE   equ 0F41h   ; 'A' white on black: screen mask 0 makes the cell exactly this
EVENT_SLOTS         equ 3       ; event routine calls recorded in detail
ALL_EVENTS          equ 7Fh     ; function 0Ch mask: movement and every press/release
LEFT_PRESS_ONLY     equ 2       ; function 0Ch mask bit 1
EXPECTED_VERSION    equ 0700h   ; MOUSE.COM reports 7.00
PS2_TYPE_IRQ        equ 0400h   ; CH = 4 (PS/2), CL = 0
REFUSED_ERRORLEVEL  equ 1       ; MOUSE.COM's exit code when a copy is already resident
TAIL_LENGTH         equ 80h     ; PSP: command tail length byte, text follows
SWITCH_NO_DRIVER    equ 'N'
SWITCH_ERRORLEVEL   equ 'E'
LOWERCASE_BIT       equ 20h     ; 'n' -> 'N'

; EXPECT got, expected: compare two words (register, immediate or label) for the current test.
%macro EXPECT 2
        push ax
        mov ax, %1
        mov [GotValue], ax
        mov ax, %2
        mov [ExpectedValue], ax
        pop ax
        call compare_expected
%endmacro

; MOUSE function, with optional BX, CX, DX inputs.
%macro MOUSE 1-4
%if %0 >= 2
        mov bx, %2
%endif
%if %0 >= 3
        mov cx, %3
%endif
%if %0 >= 4
        mov dx, %4
%endif
        mov ax, %1
        int 33h
%endmacro

; -----------------------------------------------------------------------------------------------------
; start: choose the mode from the command tail, run it, report and exit with the failure count.
; Entry:    DOS COM start
; Output:   does not return (INT 21h 4Ch, errorlevel = failures, at most 255)
; Clobbers: everything
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
start:
        cld
        call find_switch
        cmp al, SWITCH_NO_DRIVER
        je .run_no_driver_mode
        cmp al, SWITCH_ERRORLEVEL
        je .run_errorlevel_mode
        call test_driver
        jmp .finish_run
.run_no_driver_mode:
        call test_no_driver
        jmp .finish_run
.run_errorlevel_mode:
        call test_refused_errorlevel
.finish_run:
        mov dx, ProgramName
        call print_summary              ; AX = failed_count
        cmp ax, 255
        jbe .exit_with_failures
        mov ax, 255
.exit_with_failures:
        mov ah, DOS_EXIT
        int 21h

; -----------------------------------------------------------------------------------------------------
; find_switch: the letter after the first '/' of the command tail, upper-cased.
; Entry:    DS = PSP
; Output:   AL = switch letter, 0 when there is none
; Clobbers: CX, SI
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
find_switch:
        mov si, TAIL_LENGTH
        mov cl, [si]
        xor ch, ch
        inc si
.scan_tail:
        jcxz .report_no_switch
        lodsb
        dec cx
        cmp al, '/'
        jne .scan_tail
        jcxz .report_no_switch
        lodsb
        cmp al, 'a'
        jb .return_switch
        and al, ~LOWERCASE_BIT
.return_switch:
        ret
.report_no_switch:
        xor al, al
        ret

; -----------------------------------------------------------------------------------------------------
; test_no_driver: /N: without MOUSE.COM, INT 33h must be absent (null vector) or return AX = 0.
; Entry:    DS = CS
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_no_driver:
        mov ax, DOS_GET_VECTOR * 256 + MOUSE_INT
        int 21h
        mov ax, es
        or ax, bx
        jz .pass_null_vector
        MOUSE MOUSE_RESET
        EXPECT ax, 0
        mov si, NameNoDriver
        call finish_test
        ret
.pass_null_vector:
        mov dx, NullVectorNote
        call print_text
        mov si, NameNoDriver
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_refused_errorlevel: /E: the previous program (a second MOUSE) exited with errorlevel 1.
; Entry:    DS = CS
; Output:   counters updated
; Clobbers: AX, BX, SI
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_refused_errorlevel:
        mov ah, DOS_GET_RETURN_CODE
        int 21h
        xor ah, ah
        EXPECT ax, REFUSED_ERRORLEVEL
        mov si, NameRefused
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_driver: every INT 33h function with MOUSE.COM resident, in the order of the READY steps.
; Entry:    DS = ES = CS
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_driver:
        call test_installed
        cmp word [failed_count], 0
        jne .return_from_driver_tests
        call test_reset_and_cursor
        call test_position_and_ranges
        call test_movement
        call test_buttons
        call test_event_routine
        call test_text_cursor
        call test_software_reset
.return_from_driver_tests:
        ret

; -----------------------------------------------------------------------------------------------------
; test_installed: the INT 33h vector is non-null and carries the MOUSDBG1 header; remember it.
; Entry:    DS = CS
; Output:   DriverOffset/DriverSegment set; counters updated
; Clobbers: AX, BX, CX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_installed:
        mov ax, DOS_GET_VECTOR * 256 + MOUSE_INT
        int 21h
        mov [DriverOffset], bx
        mov [DriverSegment], es
        lea di, [bx+2]
        mov si, DriverSignature
        mov cx, SIGNATURE_LENGTH
        repe cmpsb
        mov ax, 1
        je .report_signature
        xor ax, ax
.report_signature:
        EXPECT ax, 1
        mov si, NameInstalled
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_reset_and_cursor: functions 00h, 03h, 01h, 02h: reset values, the live header, the default
; software cursor drawn and removed, and the show counter's upper limit.
; Entry:    DS = CS
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_reset_and_cursor:
        MOUSE MOUSE_RESET
        EXPECT ax, 0FFFFh
        EXPECT bx, 2
        mov si, NameReset
        call finish_test

        MOUSE MOUSE_GET_POSITION
        EXPECT bx, 0
        EXPECT cx, 320
        EXPECT dx, 96
        mov di, HEADER_X
        call read_header
        EXPECT ax, 320
        mov di, HEADER_Y
        call read_header
        EXPECT ax, 100
        mov di, HEADER_SHOW
        call read_header
        EXPECT ax, -1
        mov si, NameCentre
        call finish_test

        mov di, CELL_CENTRE
        call read_screen_word
        mov [OriginalCell], ax
        MOUSE MOUSE_SHOW
        mov di, CELL_CENTRE
        call read_screen_word
        mov [DrawnCell], ax
        mov di, HEADER_SHOW
        call read_header
        mov [ShowAfterShow], ax
        MOUSE MOUSE_HIDE
        mov di, CELL_CENTRE
        call read_screen_word
        mov bx, [OriginalCell]
        and bx, DEFAULT_SCREEN_MASK
        xor bx, DEFAULT_CURSOR_MASK
        EXPECT [DrawnCell], bx
        EXPECT ax, [OriginalCell]
        EXPECT [ShowAfterShow], 0
        mov si, NameShowHide
        call finish_test

        MOUSE MOUSE_SHOW
        MOUSE MOUSE_SHOW
        mov di, HEADER_SHOW
        call read_header
        EXPECT ax, 0
        MOUSE MOUSE_HIDE
        MOUSE MOUSE_HIDE
        MOUSE MOUSE_SHOW
        mov di, HEADER_SHOW
        call read_header
        EXPECT ax, -1
        mov di, CELL_CENTRE
        call read_screen_word
        EXPECT ax, [OriginalCell]
        mov si, NameShowLimit
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_position_and_ranges: functions 04h, 07h, 08h, 24h: set, clamp, swapped ranges, version.
; Entry:    DS = CS
; Output:   counters updated; ranges back to default, pointer at (320, 96), motion counters zero
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_position_and_ranges:
        MOUSE MOUSE_SET_POSITION, 0, 104, 48
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 104
        EXPECT dx, 48
        mov si, NameSetPosition
        call finish_test

        MOUSE MOUSE_SET_POSITION, 0, 1000, -5
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 632
        EXPECT dx, 0
        mov di, HEADER_X
        call read_header
        EXPECT ax, 639
        mov si, NameSetClamped
        call finish_test

        MOUSE MOUSE_SET_X_RANGE, 0, 400, 80
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 400
        MOUSE MOUSE_SET_POSITION, 0, 0, 0
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 80
        MOUSE MOUSE_SET_Y_RANGE, 0, 150, 50
        MOUSE MOUSE_GET_POSITION
        EXPECT dx, 48
        mov di, HEADER_Y
        call read_header
        EXPECT ax, 50
        MOUSE MOUSE_SET_POSITION, 0, 639, 199
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 400
        EXPECT dx, 144
        mov si, NameRanges
        call finish_test

        MOUSE MOUSE_SET_X_RANGE, 0, 0, 639
        MOUSE MOUSE_SET_Y_RANGE, 0, 0, 199
        MOUSE MOUSE_GET_VERSION
        EXPECT bx, EXPECTED_VERSION
        EXPECT cx, PS2_TYPE_IRQ
        mov si, NameVersion
        call finish_test

        MOUSE MOUSE_SET_POSITION, 0, 320, 96
        MOUSE MOUSE_GET_MOTION
        ret

; -----------------------------------------------------------------------------------------------------
; test_movement: READY 1..3: PS/2 deltas move the pointer (1 mickey/pixel across, 2 down), the motion
; counters, 9-bit negative deltas and clamping at the right edge.
; Entry:    DS = CS; pointer at (320, 96), motion counters zero
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_movement:
        mov al, '1'
        call wait_for_host
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 344
        EXPECT dx, 104
        mov si, NameMove
        call finish_test
        MOUSE MOUSE_GET_MOTION
        EXPECT cx, 24
        EXPECT dx, 16
        MOUSE MOUSE_GET_MOTION
        EXPECT cx, 0
        EXPECT dx, 0
        mov si, NameMotion
        call finish_test

        mov al, '2'
        call wait_for_host
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 304
        EXPECT dx, 88
        MOUSE MOUSE_GET_MOTION
        EXPECT cx, -40
        EXPECT dx, -32
        mov si, NameMoveBack
        call finish_test

        mov al, '3'
        call wait_for_host
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 632
        mov di, HEADER_X
        call read_header
        EXPECT ax, 639
        mov si, NameMoveClamped
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_buttons: READY 4..5: functions 05h/06h counts, positions, reset on read; 03h buttons.
; Entry:    DS = CS
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_buttons:
        MOUSE MOUSE_SET_POSITION, 0, 320, 96
        MOUSE MOUSE_PRESSES, 0
        MOUSE MOUSE_RELEASES, 0
        MOUSE MOUSE_PRESSES, 1
        MOUSE MOUSE_RELEASES, 1
        mov al, '4'
        call wait_for_host
        MOUSE MOUSE_PRESSES, 0
        EXPECT ax, 2
        EXPECT bx, 2
        EXPECT cx, 320
        EXPECT dx, 96
        MOUSE MOUSE_PRESSES, 0
        EXPECT bx, 0
        mov si, NamePressLeft
        call finish_test
        MOUSE MOUSE_RELEASES, 0
        EXPECT bx, 2
        EXPECT cx, 320
        EXPECT dx, 96
        mov si, NameReleaseLeft
        call finish_test
        MOUSE MOUSE_PRESSES, 1
        EXPECT bx, 1
        MOUSE MOUSE_RELEASES, 1
        EXPECT bx, 0
        MOUSE MOUSE_GET_POSITION
        EXPECT bx, 2
        mov di, HEADER_BUTTONS
        call read_header
        EXPECT ax, 2
        mov si, NamePressRight
        call finish_test

        mov al, '5'
        call wait_for_host
        MOUSE MOUSE_RELEASES, 1
        EXPECT ax, 0
        EXPECT bx, 1
        MOUSE MOUSE_GET_POSITION
        EXPECT bx, 0
        mov si, NameReleaseRight
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_event_routine: READY 6..7: function 0Ch calls record_event with the documented registers, only
; for the conditions in the call mask.
; Entry:    DS = ES = CS; pointer at (320, 96), no buttons down
; Output:   counters updated; event routine disabled again
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_event_routine:
        push cs
        pop es
        mov word [EventCalls], 0
        MOUSE MOUSE_SET_EVENT_HANDLER, 0, ALL_EVENTS, record_event
        mov al, '6'
        call wait_for_host
        EXPECT [EventCalls], 3
        EXPECT [EventAX], 1
        EXPECT [EventBX], 0
        EXPECT [EventCX], 328
        EXPECT [EventDX], 96
        EXPECT [EventSI], 8
        EXPECT [EventDI], 0
        EXPECT [EventAX+2], 2
        EXPECT [EventBX+2], 1
        EXPECT [EventAX+4], 4
        EXPECT [EventBX+4], 0
        mov si, NameEventAll
        call finish_test

        push cs
        pop es
        mov word [EventCalls], 0
        MOUSE MOUSE_SET_EVENT_HANDLER, 0, LEFT_PRESS_ONLY, record_event
        mov al, '7'
        call wait_for_host
        EXPECT [EventCalls], 1
        EXPECT [EventAX], 2
        EXPECT [EventCX], 336
        mov si, NameEventMask
        call finish_test
        MOUSE MOUSE_SET_EVENT_HANDLER, 0, 0, 0
        ret

; -----------------------------------------------------------------------------------------------------
; test_text_cursor: function 0Ah and READY 8: a custom software cursor is drawn, follows PS/2
; movement, and leaves the screen as it was when hidden. Nothing is printed while it is shown.
; Entry:    DS = CS
; Output:   counters updated; cursor hidden (counter -1)
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
test_text_cursor:
        MOUSE MOUSE_SET_TEXT_CURSOR, 0, 0, TEST_CURSOR_IMAGE
        MOUSE MOUSE_SET_POSITION, 0, 320, 96
        mov di, CELL_CENTRE
        call read_screen_word
        mov [OriginalCell], ax
        MOUSE MOUSE_SHOW
        mov di, CELL_CENTRE
        call read_screen_word
        mov [DrawnCell], ax
        MOUSE MOUSE_HIDE
        mov di, CELL_CENTRE
        call read_screen_word
        EXPECT [DrawnCell], TEST_CURSOR_IMAGE
        EXPECT ax, [OriginalCell]
        mov si, NameTextCursor
        call finish_test

        mov al, '8'
        call print_ready
        mov di, CELL_CENTRE
        call read_screen_word
        mov [OriginalCell], ax
        mov di, CELL_MOVED
        call read_screen_word
        mov [OriginalMovedCell], ax
        MOUSE MOUSE_SHOW
        call wait_for_key
        mov di, CELL_CENTRE
        call read_screen_word
        mov [DrawnCell], ax
        mov di, CELL_MOVED
        call read_screen_word
        mov [MovedCell], ax
        MOUSE MOUSE_HIDE
        mov di, CELL_MOVED
        call read_screen_word
        EXPECT [DrawnCell], [OriginalCell]
        EXPECT [MovedCell], TEST_CURSOR_IMAGE
        EXPECT ax, [OriginalMovedCell]
        mov si, NameCursorFollows
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; test_software_reset: function 21h: reset values again; the header counted every packet.
; Entry:    DS = CS
; Output:   counters updated
; Clobbers: AX, BX, CX, DX, SI, DI, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
PACKETS_SENT        equ 1 + 1 + 3 + 5 + 1 + 3 + 5 + 1  ; PS/2 packets of READY 1..8

test_software_reset:
        MOUSE MOUSE_SHOW
        MOUSE MOUSE_SET_POSITION, 0, 8, 8
        MOUSE MOUSE_SOFTWARE_RESET
        EXPECT ax, 0FFFFh
        EXPECT bx, 2
        MOUSE MOUSE_GET_POSITION
        EXPECT cx, 320
        EXPECT dx, 96
        mov di, HEADER_SHOW
        call read_header
        EXPECT ax, -1
        mov di, HEADER_PACKETS
        call read_header
        EXPECT ax, PACKETS_SENT
        mov si, NameSoftwareReset
        call finish_test
        ret

; -----------------------------------------------------------------------------------------------------
; record_event: the function 0Ch routine: count the call and keep the registers of the first
; EVENT_SLOTS calls.
; Entry:    far call from MOUSE.COM: AX conditions, BX buttons, CX X, DX Y, SI/DI mickeys
; Output:   none (far return)
; Clobbers: nothing
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
record_event:
        push ds
        push bp
        push cs
        pop ds
        mov bp, [EventCalls]
        inc word [EventCalls]
        cmp bp, EVENT_SLOTS
        jae .leave_record_event
        shl bp, 1
        mov [ds:EventAX+bp], ax
        mov [ds:EventBX+bp], bx
        mov [ds:EventCX+bp], cx
        mov [ds:EventDX+bp], dx
        mov [ds:EventSI+bp], si
        mov [ds:EventDI+bp], di
.leave_record_event:
        pop bp
        pop ds
        retf

; -----------------------------------------------------------------------------------------------------
; wait_for_host: print `READY n` and wait for the key that says the host's input has been sent.
; Entry:    AL = step digit
; Output:   none
; Clobbers: AX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
wait_for_host:
        call print_ready
        call wait_for_key
        ret

; -----------------------------------------------------------------------------------------------------
; print_ready: print `READY n`.
; Entry:    AL = step digit
; Output:   none
; Clobbers: AX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
print_ready:
        mov [ReadyDigit], al
        mov dx, ReadyLine
        call print_text
        ret

; -----------------------------------------------------------------------------------------------------
; wait_for_key: read one key through the BIOS (SeaBIOS halts with interrupts on while it waits).
; Entry:    none
; Output:   none
; Clobbers: AX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
wait_for_key:
        xor ah, ah                      ; AH = KEYBOARD_READ
        int 16h
        ret

; -----------------------------------------------------------------------------------------------------
; read_header: one word of MOUSE.COM's resident header.
; Entry:    DI = field offset from the vector offset; DS = CS
; Output:   AX = the word
; Clobbers: BX, ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
read_header:
        les bx, [DriverOffset]
        mov ax, [es:bx+di]
        ret

; -----------------------------------------------------------------------------------------------------
; read_screen_word: character and attribute of one text cell.
; Entry:    DI = byte offset in page 0
; Output:   AX = the word
; Clobbers: ES
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
read_screen_word:
        mov ax, VIDEO_SEG
        mov es, ax
        mov ax, [es:di]
        ret

; -----------------------------------------------------------------------------------------------------
; compare_expected: one item of the current test: remember the first mismatch.
; Entry:    GotValue, ExpectedValue; DS = CS
; Output:   ItemNumber advanced; FailedItem/FailedGot/FailedExpected set on the first mismatch
; Clobbers: nothing
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
compare_expected:
        push ax
        inc word [ItemNumber]
        cmp word [FailedItem], 0
        jne .return_from_compare
        mov ax, [GotValue]
        cmp ax, [ExpectedValue]
        je .return_from_compare
        mov [FailedGot], ax
        mov ax, [ExpectedValue]
        mov [FailedExpected], ax
        mov ax, [ItemNumber]
        mov [FailedItem], ax
.return_from_compare:
        pop ax
        ret

; -----------------------------------------------------------------------------------------------------
; finish_test: print `PASS name` or `FAIL name item k expected XXXX got YYYY`, count it, and start the
; next test.
; Entry:    SI -> name ('$'-terminated); DS = CS
; Output:   passed_count or failed_count incremented; ItemNumber and FailedItem cleared
; Clobbers: AX, DX
; Mirrors:  none (test program)
; -----------------------------------------------------------------------------------------------------
finish_test:
        cmp word [FailedItem], 0
        jne .report_failure
        inc word [passed_count]
        mov dx, PassWord
        call print_text
        mov dx, si
        call print_text
        jmp .end_test_line
.report_failure:
        inc word [failed_count]
        mov dx, FailWord
        call print_text
        mov dx, si
        call print_text
        mov dx, ItemWord
        call print_text
        mov ax, [FailedItem]
        call print_decimal
        mov dx, ExpectedWord
        call print_text
        mov ax, [FailedExpected]
        call print_hex_word
        mov dx, GotWord
        call print_text
        mov ax, [FailedGot]
        call print_hex_word
.end_test_line:
        mov dx, newline_text
        call print_text
        mov word [ItemNumber], 0
        mov word [FailedItem], 0
        ret

%include "tests/testlib.inc"

; ---- data ---------------------------------------------------------------------------------------
DriverSignature     db 'MOUSDBG1'
NameInstalled       db 'installed: INT 33h vector has the MOUSDBG1 header$'
NameReset           db 'reset 00h returns FFFFh and 2 buttons$'
NameCentre          db 'reset centres the pointer, hides the cursor, header live$'
NameShowHide        db 'show 01h draws the default cursor, hide 02h restores the cell$'
NameShowLimit       db 'show counter stops at 0 and counts hides$'
NameSetPosition     db 'set position 04h$'
NameSetClamped      db 'set position 04h clamps to the screen$'
NameRanges          db 'ranges 07h/08h swap min>max and clamp$'
NameVersion         db 'version 24h: 7.00, PS/2$'
NameMove            db 'PS/2 movement: 1 mickey/pixel across, 2 down$'
NameMotion          db 'motion counters 0Bh count and restart$'
NameMoveBack        db 'negative 9-bit deltas move left and up$'
NameMoveClamped     db 'movement clamps at the right edge$'
NamePressLeft       db 'press info 05h counts left presses$'
NameReleaseLeft     db 'release info 06h counts left releases$'
NamePressRight      db 'right press counted, button state live$'
NameReleaseRight    db 'right release counted$'
NameEventAll        db 'event routine 0Ch gets move, press, release$'
NameEventMask       db 'event routine 0Ch honours the call mask$'
NameTextCursor      db 'text cursor 0Ah uses the AND/XOR masks$'
NameCursorFollows   db 'visible cursor follows PS/2 movement$'
NameSoftwareReset   db 'software reset 21h; header counted every packet$'
NameNoDriver        db 'no driver: INT 33h AX=0 returns AX=0$'
NameRefused         db 'second MOUSE refused with errorlevel 1$'
NullVectorNote      db 'INT 33h vector is 0000:0000 (not called)', 13, 10, '$'
ReadyLine           db 'READY '
ReadyDigit          db '0', 13, 10, '$'
PassWord            db 'PASS $'
FailWord            db 'FAIL $'
ItemWord            db ' item $'
ExpectedWord        db ' expected $'
GotWord             db ' got $'
ProgramName         db 'MOUSETST$'

ItemNumber          dw 0
FailedItem          dw 0
FailedGot           dw 0
FailedExpected      dw 0
GotValue            dw 0
ExpectedValue       dw 0
DriverOffset        dw 0        ; INT 33h vector (offset, segment) for les
DriverSegment       dw 0
OriginalCell        dw 0
OriginalMovedCell   dw 0
DrawnCell           dw 0
MovedCell           dw 0
ShowAfterShow       dw 0
EventCalls          dw 0
EventAX             times EVENT_SLOTS dw 0
EventBX             times EVENT_SLOTS dw 0
EventCX             times EVENT_SLOTS dw 0
EventDX             times EVENT_SLOTS dw 0
EventSI             times EVENT_SLOTS dw 0
EventDI             times EVENT_SLOTS dw 0
