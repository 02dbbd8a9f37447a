; =====================================================================================================
; MOUSE.COM - INT 33h mouse driver TSR for piskasm, built on the BIOS PS/2 pointing-device services
; (INT 15h AX=C2xxh). One resident segment: the PSP, the INT 33h handler with the debug header that
; the TypeScript harness reads (docs/architecture.md section 2), the PS/2 packet handler the BIOS
; calls on every IRQ 12 packet, and the driver state (on a page of its own, see Pages below). The
; installer after ResidentCodeEnd is not used again after install.
;
; Build:    nasm -w+all -f bin -I asm/ asm/mouse.asm -o build/MOUSE.COM -l build/mouse.lst
;
; Memory map (CS = PSP segment in the code; DS = the data segment inside the handlers):
;   0000h-00FFh  PSP (kept resident: the BIOS far handler and the entry stub's far jump point into it)
;   0100h        jmp near to the installer
;   0103h        INT 33h dispatcher and functions, PS/2 packet handler, cursor routines (code only)
;   ResidentCodeEnd ... installer (messages, hardware set-up, hooking INT 33h), then the file ends
;                with the templates of the entry stub and of the resident data; all of it unused
;                after install
;   the data segment (DataSegment: the first 4 KiB page boundary past the file and the stub) holds
;                the debug header ('MOUSDBG1' and the live fields, section 2 of architecture.md) and
;                the driver state from its offset 0. The 7 bytes before it are the entry stub: the
;                INT 33h vector points at its last two, a jmp short back to a far jump to the
;                dispatcher, so that the header is at the vector + 2 as ever, while the stub's code
;                sits on the page below, which nothing writes after install.
;   INT 21h AH=31h keeps from the PSP up to the next 4 KiB boundary after the resident data
;
; Pages (v86 quirk): v86's x86-to-wasm JIT throws away the compiled code of a 4 KiB page on every
; write into it, and every write into a page that holds code takes its slow path. Every packet writes
; the header and the state, so they sit on pages of their own, with no code: the resident code's
; pages and the entry stub's are never written and the INT 33h entry, the packet handler and the
; functions can be compiled. The block ends on a page boundary so the next program's code starts on
; a fresh page too (resident_paragraphs).
;
; Register roles:
;   INT 33h functions:   AX = function on entry; DS = the data segment (set by the dispatcher);
;                        AX/BX/CX/DX carry the documented inputs and results; every other register
;                        is preserved.
;   PS/2 packet handler: far-called by the BIOS with the packet on the stack; saves every register,
;                        DS = the data segment inside, ES = video segment while the cursor is drawn.
;   Positions are kept in virtual pixels (640x200 in text mode); functions report them rounded down
;   to a multiple of 8 (one text cell) in text modes.
;
; Interrupts: INT 33h runs with IF = 0 (the INT instruction cleared it and nothing sets it), so the
; packet handler never interrupts a function half-way. SeaBIOS calls the packet handler with IF = 1
; but sends the IRQ 12 EOI only after it returns, so packets never nest.
; =====================================================================================================
cpu 8086
org 100h

%include "include/dos.inc"
%include "include/bios.inc"
%include "include/int33.inc"

; ---- INT 33h interface --------------------------------------------------------------------------
BUTTON_COUNT        equ 3       ; left, right, middle: PS/2 status bits 0..2 match INT 33h BX bits
BUTTON_BITS         equ 7       ; mask of the three button bits in the PS/2 status byte
REPORTED_BUTTONS    equ 2       ; BX of function 00h: Microsoft-compatible two-button report
DRIVER_VERSION      equ 0700h   ; function 24h BX: version 7.00 (BCD major.minor, MS 7-level API)
MOUSE_TYPE_PS2      equ 4       ; function 24h CH: 4 = PS/2 pointing device
MOUSE_IRQ_PS2       equ 0       ; function 24h CL: 0 means PS/2 (no separate IRQ line reported)
CURSOR_SOFTWARE     equ 0       ; function 0Ah BX: software text cursor (masks in CX/DX)
EVENT_MOVED         equ 1       ; event condition bit 0: the pointer moved
EVENT_PRESS_LEFT    equ 2       ; event bit 1; release = press << 1; next button = press << 2
FUNCTION_COUNT      equ 25h     ; functions 00h..24h have a table entry

; ---- virtual screen and text cursor ---------------------------------------------------------------
SCREEN_MAX_X        equ 639     ; text modes: 80 columns * 8 virtual pixels - 1
SCREEN_MAX_Y        equ 199     ; text modes: 25 rows * 8 virtual pixels - 1
CENTRE_X            equ 320     ; (SCREEN_MAX_X + 1) / 2: where reset puts the pointer
CENTRE_Y            equ 100     ; (SCREEN_MAX_Y + 1) / 2
CELL_MASK           equ 0FFF8h  ; text modes report positions as multiples of the 8-pixel cell
CELL_SHIFT          equ 3       ; 8 virtual pixels per text cell
TEXT_COLUMNS        equ 80      ; 640 virtual pixels / 8 per cell
DEFAULT_SCREEN_MASK equ 77FFh   ; Microsoft default: keep character, keep blink/intensity bits
DEFAULT_CURSOR_MASK equ 7700h   ; Microsoft default: invert both colours (reverse video cell)
VIDEO_SEG_COLOUR    equ 0B800h  ; colour text modes 0..3
VIDEO_SEG_MONO      equ 0B000h  ; monochrome text mode 7
MODE_MONO_TEXT      equ 7       ; the only text mode above 3
MODE_LAST_COLOUR_TEXT equ 3     ; modes 0..3 are colour text modes

; ---- mickeys --------------------------------------------------------------------------------------
DEFAULT_MICKEYS_X   equ 8       ; horizontal mickeys per 8 pixels (Microsoft default)
DEFAULT_MICKEYS_Y   equ 16      ; vertical mickeys per 8 pixels (Microsoft default)
RATIO_PIXELS_SHIFT  equ 3       ; the ratios are per 8 pixels: mickeys * 8 (shift 3) / ratio

; ---- PS/2 packet status byte ------------------------------------------------------------------------
PS2_X_SIGN          equ 10h     ; bit 4: X delta is negative (9th bit of the delta)
PS2_Y_SIGN          equ 20h     ; bit 5: Y delta is negative
PS2_OVERFLOW        equ 0C0h    ; bits 6-7: X/Y overflow; the deltas are meaningless then

; ---- BIOS PS/2 services (INT 15h AX=C2xxh: PS2_* in include/bios.inc) ---------------------------
PACKET_SIZE         equ 3       ; standard 3-byte packets (no wheel)
RATE_CODE_80        equ 4       ; C202h codes 0..6 = 10,20,40,60,80,100,200 reports/s: 4 -> 80
RESOLUTION_CODE_1   equ 0       ; C203h codes 0..3 = 1,2,4,8 counts/mm: 0 -> 1 count/mm
ENABLE_DEVICE       equ 1       ; C200h BH

; ---- DOS ----------------------------------------------------------------------------------------
EXIT_ALREADY        equ 1       ; errorlevel: a MOUSDBG1 driver already owns INT 33h
EXIT_NO_PS2         equ 2       ; errorlevel: the BIOS reports no PS/2 pointing device
SIGNATURE_LENGTH    equ 8
HEADER_OFFSET       equ 2       ; the header follows the 2-byte jmp short at the vector offset
COM_ENTRY           equ 100h    ; PSP offset of the first byte of the file
PAGE_PARAS          equ 100h    ; one 4 KiB page of the host's x86 JIT, in paragraphs
PAGE_BOUNDARY_MASK  equ 0FF00h  ; clears the paragraph-in-page bits of a segment

; -----------------------------------------------------------------------------------------------------
; start: COM entry point: jump over the resident part to the installer.
; Entry:    DOS start of a COM program
; Output:   does not return (see install)
; Clobbers: everything
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
start:
        jmp install

; =====================================================================================================
; Resident part
; =====================================================================================================

; -----------------------------------------------------------------------------------------------------
; dispatch_mouse_function: call the function named by AX through FunctionTable.
; Entry:    AX = function number (unknown numbers return with every register unchanged)
; Output:   as the function documents
; Clobbers: nothing beyond the documented results
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
dispatch_mouse_function:
        cmp ax, FUNCTION_COUNT
        jae .return_unknown_function
        push ds
        push si
        mov ds, [cs:DataSegment]
        mov si, ax
        shl si, 1
        call [cs:FunctionTable+si]
        pop si
        pop ds
        iret
.return_unknown_function:
        iret

FunctionTable:
        dw reset_driver                 ; 00h MOUSE_RESET
        dw show_cursor                  ; 01h MOUSE_SHOW
        dw hide_cursor                  ; 02h MOUSE_HIDE
        dw get_position                 ; 03h MOUSE_GET_POSITION
        dw set_position                 ; 04h MOUSE_SET_POSITION
        dw get_press_info               ; 05h MOUSE_PRESSES
        dw get_release_info             ; 06h MOUSE_RELEASES
        dw set_horizontal_range         ; 07h MOUSE_SET_X_RANGE
        dw set_vertical_range           ; 08h MOUSE_SET_Y_RANGE
        dw ignore_function              ; 09h graphics cursor: not supported
        dw set_text_cursor              ; 0Ah MOUSE_SET_TEXT_CURSOR
        dw get_motion_counters          ; 0Bh MOUSE_GET_MOTION
        dw set_event_handler            ; 0Ch MOUSE_SET_EVENT_HANDLER
        dw ignore_function              ; 0Dh
        dw ignore_function              ; 0Eh
        dw set_mickey_ratio             ; 0Fh MOUSE_SET_MICKEY_RATIO
        times 21h - 10h dw ignore_function ; 10h..20h
        dw reset_driver                 ; 21h MOUSE_SOFTWARE_RESET: the same as 00h, the device runs on
        dw ignore_function              ; 22h
        dw ignore_function              ; 23h
        dw get_version                  ; 24h MOUSE_GET_VERSION

DataSegment     dw 0            ; the resident data's segment: set once by install, never written again

; -----------------------------------------------------------------------------------------------------
; ignore_function: functions the driver does not implement: return with nothing changed.
; Entry:    DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
ignore_function:
        ret

; -----------------------------------------------------------------------------------------------------
; reset_driver: functions 00h and 21h: reset the driver state (the PS/2 device keeps running, so the
; hardware reset of 00h and the software reset of 21h are the same here).
; Entry:    DS = data segment
; Output:   AX = FFFFh (installed), BX = 2 buttons
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
reset_driver:
        call reset_driver_state
        mov ax, MOUSE_PRESENT
        mov bx, REPORTED_BUTTONS
        ret

; -----------------------------------------------------------------------------------------------------
; reset_driver_state: hide the cursor, counter -1, pointer centred, default ranges, masks, ratios,
; counters cleared, event handler disabled.
; Entry:    DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
reset_driver_state:
        push ax
        push cx
        push di
        push es
        call remove_text_cursor
        mov word [ShowCounter], -1
        mov word [MinX], 0
        mov word [MaxX], SCREEN_MAX_X
        mov word [MinY], 0
        mov word [MaxY], SCREEN_MAX_Y
        mov word [PointerX], CENTRE_X
        mov word [PointerY], CENTRE_Y
        mov word [ScreenMask], DEFAULT_SCREEN_MASK
        mov word [CursorMask], DEFAULT_CURSOR_MASK
        mov word [MickeysPerEightX], DEFAULT_MICKEYS_X
        mov word [MickeysPerEightY], DEFAULT_MICKEYS_Y
        push ds
        pop es
        mov di, ClearedStateStart
        mov cx, (ClearedStateEnd - ClearedStateStart) / 2
        xor ax, ax
        cld
        rep stosw
        pop es
        pop di
        pop cx
        pop ax
        ret

; -----------------------------------------------------------------------------------------------------
; show_cursor: function 01h (MOUSE_SHOW): increment the show counter up to 0; draw the cursor when it
; reaches 0.
; Entry:    DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
show_cursor:
        cmp word [ShowCounter], 0
        je .return_from_show
        inc word [ShowCounter]
        call refresh_text_cursor
.return_from_show:
        ret

; -----------------------------------------------------------------------------------------------------
; hide_cursor: function 02h (MOUSE_HIDE): decrement the show counter; take the cursor off the screen.
; Entry:    DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
hide_cursor:
        dec word [ShowCounter]
        call remove_text_cursor
        ret

; -----------------------------------------------------------------------------------------------------
; get_position: function 03h (MOUSE_GET_POSITION): position and buttons.
; Entry:    DS = data segment
; Output:   BX = button state, CX = X, DX = Y (cell multiples in text modes)
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
get_position:
        mov bx, [ButtonState]
        call read_reported_position
        ret

; -----------------------------------------------------------------------------------------------------
; set_position: function 04h (MOUSE_SET_POSITION): move the pointer, clamped to the current ranges.
; Entry:    CX = X, DX = Y; DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_position:
        mov [PointerX], cx
        mov [PointerY], dx
        mov word [SubpixelX], 0
        mov word [SubpixelY], 0
        call clamp_pointer
        call refresh_text_cursor
        ret

; -----------------------------------------------------------------------------------------------------
; get_press_info: function 05h (MOUSE_PRESSES): presses of one button since the last call (the count
; restarts at 0) and the position of the last one.
; Entry:    BX = button (0 left, 1 right, 2 middle); DS = data segment
; Output:   AX = button state, BX = count, CX = X, DX = Y of the last press (0 for a bad button)
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
get_press_info:
        push si
        mov si, PressRecords
        call take_button_record
        pop si
        ret

; -----------------------------------------------------------------------------------------------------
; get_release_info: function 06h (MOUSE_RELEASES): releases of one button since the last call (the
; count restarts at 0) and the position of the last one.
; Entry:    BX = button (0 left, 1 right, 2 middle); DS = data segment
; Output:   AX = button state, BX = count, CX = X, DX = Y of the last release (0 for a bad button)
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
get_release_info:
        push si
        mov si, ReleaseRecords
        call take_button_record
        pop si
        ret

; -----------------------------------------------------------------------------------------------------
; take_button_record: read and clear one button's record of a PressRecords/ReleaseRecords table.
; Entry:    SI -> table (BUTTON_COUNT records of RECORD_SIZE bytes), BX = button index; DS = data segment
; Output:   AX = button state, BX = count, CX = X, DX = Y (all 0 but AX for a bad index)
; Clobbers: SI, flags
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
take_button_record:
        mov ax, [ButtonState]
        cmp bx, BUTTON_COUNT
        jae .report_bad_button
        mov al, RECORD_SIZE
        mul bl                          ; AX = button index * RECORD_SIZE
        add si, ax
        mov ax, [ButtonState]
        mov bx, [si+RECORD_COUNT]
        mov cx, [si+RECORD_X]
        mov dx, [si+RECORD_Y]
        mov word [si+RECORD_COUNT], 0
        ret
.report_bad_button:
        xor bx, bx
        xor cx, cx
        xor dx, dx
        ret

; -----------------------------------------------------------------------------------------------------
; set_horizontal_range: function 07h (MOUSE_SET_X_RANGE): X limits (swapped when min > max); the
; pointer is clamped into them at once.
; Entry:    CX = minimum, DX = maximum (signed); DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_horizontal_range:
        push cx
        push dx
        call order_range
        mov [MinX], cx
        mov [MaxX], dx
        call clamp_pointer
        call refresh_text_cursor
        pop dx
        pop cx
        ret

; -----------------------------------------------------------------------------------------------------
; set_vertical_range: function 08h (MOUSE_SET_Y_RANGE): Y limits (swapped when min > max); the pointer
; is clamped into them at once.
; Entry:    CX = minimum, DX = maximum (signed); DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_vertical_range:
        push cx
        push dx
        call order_range
        mov [MinY], cx
        mov [MaxY], dx
        call clamp_pointer
        call refresh_text_cursor
        pop dx
        pop cx
        ret

; -----------------------------------------------------------------------------------------------------
; order_range: make CX <= DX (signed).
; Entry:    CX, DX
; Output:   CX = the smaller, DX = the larger
; Clobbers: flags
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
order_range:
        cmp cx, dx
        jle .return_from_order
        xchg cx, dx
.return_from_order:
        ret

; -----------------------------------------------------------------------------------------------------
; set_text_cursor: function 0Ah (MOUSE_SET_TEXT_CURSOR): BX = 0 selects the software cursor with
; screen mask CX (AND) and cursor mask DX (XOR); other cursor types are not supported and leave the
; cursor unchanged.
; Entry:    BX = type, CX = screen mask, DX = cursor mask; DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_text_cursor:
        cmp bx, CURSOR_SOFTWARE
        jne .return_from_text_cursor
        call remove_text_cursor
        mov [ScreenMask], cx
        mov [CursorMask], dx
        call refresh_text_cursor
.return_from_text_cursor:
        ret

; -----------------------------------------------------------------------------------------------------
; get_motion_counters: function 0Bh (MOUSE_GET_MOTION): mickeys moved since the last call (right and
; down positive).
; Entry:    DS = data segment
; Output:   CX = horizontal mickeys, DX = vertical mickeys; both counters restart at 0
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
get_motion_counters:
        xor cx, cx
        xor dx, dx
        xchg cx, [MotionX]              ; read the counter and leave 0 in it
        xchg dx, [MotionY]
        ret

; -----------------------------------------------------------------------------------------------------
; set_event_handler: function 0Ch (MOUSE_SET_EVENT_HANDLER): the user routine far-called on events
; selected by the call mask. The routine gets AX = conditions (of the mask) that occurred, BX =
; buttons, CX = X, DX = Y, SI = horizontal and DI = vertical raw mickeys of the packet, DS = driver
; segment.
; Entry:    CX = call mask (bit 0 move, 1/2 left press/release, 3/4 right, 5/6 middle; 0 = off),
;           ES:DX = far routine; DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_event_handler:
        mov [EventMask], cx
        mov [EventHandler], dx
        mov [EventHandler+2], es
        ret

; -----------------------------------------------------------------------------------------------------
; set_mickey_ratio: function 0Fh (MOUSE_SET_MICKEY_RATIO): mickeys per 8 pixels; zero values are
; ignored (no divide by 0).
; Entry:    CX = horizontal, DX = vertical; DS = data segment
; Output:   none
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
set_mickey_ratio:
        test cx, cx
        jz .set_vertical_ratio
        mov [MickeysPerEightX], cx
.set_vertical_ratio:
        test dx, dx
        jz .return_from_ratio
        mov [MickeysPerEightY], dx
.return_from_ratio:
        ret

; -----------------------------------------------------------------------------------------------------
; get_version: function 24h (MOUSE_GET_VERSION): version, mouse type and IRQ.
; Entry:    DS = data segment
; Output:   BX = version (BCD), CH = 4 (PS/2), CL = 0 (PS/2)
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
get_version:
        mov bx, DRIVER_VERSION
        mov cx, MOUSE_TYPE_PS2 << 8 | MOUSE_IRQ_PS2
        ret

; -----------------------------------------------------------------------------------------------------
; read_reported_position: the position as the functions report it.
; Entry:    DS = data segment
; Output:   CX = X, DX = Y, rounded down to a text cell in text modes
; Clobbers: nothing else
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
read_reported_position:
        mov cx, [PointerX]
        mov dx, [PointerY]
        push es
        push ax
        call find_text_screen
        jc .return_reported_position
        and cx, CELL_MASK
        and dx, CELL_MASK
.return_reported_position:
        pop ax
        pop es
        ret

; -----------------------------------------------------------------------------------------------------
; clamp_pointer: keep PointerX/PointerY inside [MinX,MaxX] x [MinY,MaxY] (signed).
; Entry:    DS = data segment
; Output:   PointerX, PointerY clamped
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
clamp_pointer:
        push ax
        mov ax, [PointerX]
        cmp ax, [MinX]
        jge .check_max_x
        mov ax, [MinX]
.check_max_x:
        cmp ax, [MaxX]
        jle .store_clamped_x
        mov ax, [MaxX]
.store_clamped_x:
        mov [PointerX], ax
        mov ax, [PointerY]
        cmp ax, [MinY]
        jge .check_max_y
        mov ax, [MinY]
.check_max_y:
        cmp ax, [MaxY]
        jle .store_clamped_y
        mov ax, [MaxY]
.store_clamped_y:
        mov [PointerY], ax
        pop ax
        ret

; -----------------------------------------------------------------------------------------------------
; find_text_screen: the video segment and active-page start of the current text mode.
; Entry:    none
; Output:   CF = 0: text mode, ES = video segment, AX = page start offset; CF = 1: graphics mode
; Clobbers: AX, ES
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
find_text_screen:
        mov ax, BIOS_DATA_SEG
        mov es, ax
        mov al, [es:BDA_VIDEO_MODE]
        cmp al, MODE_MONO_TEXT
        je .select_mono_screen
        cmp al, MODE_LAST_COLOUR_TEXT
        ja .report_graphics_mode
        mov ax, [es:BDA_PAGE_START]
        push ax
        mov ax, VIDEO_SEG_COLOUR
        mov es, ax
        pop ax
        clc
        ret
.select_mono_screen:
        mov ax, [es:BDA_PAGE_START]
        push ax
        mov ax, VIDEO_SEG_MONO
        mov es, ax
        pop ax
        clc
        ret
.report_graphics_mode:
        stc
        ret

; -----------------------------------------------------------------------------------------------------
; remove_text_cursor: restore the cell under the software cursor if the cursor is on the screen. The
; saved word is written back only while the cell still holds the cursor image, so a program that
; overwrote the cell under a visible cursor keeps its own text.
; Entry:    DS = data segment
; Output:   CursorDrawn = 0
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
remove_text_cursor:
        cmp byte [CursorDrawn], 0
        je .return_from_remove
        push ax
        push di
        push es
        call find_text_screen
        jc .forget_drawn_cursor
        mov di, [CursorOffset]
        mov ax, [es:di]
        cmp ax, [CursorImage]
        jne .forget_drawn_cursor
        mov ax, [SavedCell]
        mov [es:di], ax
.forget_drawn_cursor:
        mov byte [CursorDrawn], 0
        pop es
        pop di
        pop ax
.return_from_remove:
        ret

; -----------------------------------------------------------------------------------------------------
; refresh_text_cursor: put the software cursor where the pointer is now: remove it, then draw it again
; when the show counter is 0 and the screen is in a text mode.
; Entry:    DS = data segment
; Output:   CursorDrawn, CursorOffset, SavedCell, CursorImage updated
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
refresh_text_cursor:
        call remove_text_cursor
        cmp word [ShowCounter], 0
        jne .return_from_refresh
        push ax
        push cx
        push dx
        push di
        push es
        call find_text_screen
        jc .restore_after_refresh
        mov di, ax                      ; page start
        mov ax, [PointerY]
        mov cl, CELL_SHIFT
        shr ax, cl
        mov dx, TEXT_COLUMNS
        mul dx                          ; AX = row * 80 (DX = 0: row < 25)
        mov dx, [PointerX]
        shr dx, cl
        add ax, dx
        shl ax, 1                       ; two bytes (character, attribute) per cell
        add di, ax
        mov [CursorOffset], di
        mov ax, [es:di]
        mov [SavedCell], ax
        and ax, [ScreenMask]
        xor ax, [CursorMask]
        mov [CursorImage], ax
        mov [es:di], ax
        mov byte [CursorDrawn], 1
.restore_after_refresh:
        pop es
        pop di
        pop dx
        pop cx
        pop ax
.return_from_refresh:
        ret

; -----------------------------------------------------------------------------------------------------
; handle_ps2_packet: the far routine the BIOS calls for every PS/2 packet (INT 15h C207h). Stack on
; entry: [SP] return IP, [SP+2] return CS, [SP+4] 0 (Z), [SP+6] Y delta byte, [SP+8] X delta byte,
; [SP+10] status byte (low bytes of words); the BIOS pops them itself. Moves the pointer (mickeys ->
; pixels by the ratio, clamped), counts presses and releases, moves the visible cursor, updates the
; live header, then calls the user event routine if asked to.
; Entry:    interrupts enabled by SeaBIOS; any DS/ES
; Output:   none (far return)
; Clobbers: nothing
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
PACKET_STATUS       equ 12      ; [BP+12] after push bp: status byte
PACKET_X            equ 10      ; [BP+10]: X delta low 8 bits
PACKET_Y            equ 8       ; [BP+8]:  Y delta low 8 bits (PS/2: positive is up)

handle_ps2_packet:
        push bp
        mov bp, sp
        push ax
        push bx
        push cx
        push dx
        push si
        push di
        push ds
        push es
        mov ds, [cs:DataSegment]
        cld
        inc word [PacketCount]
        xor bx, bx                      ; BX = event conditions collected
        mov al, [bp+PACKET_STATUS]
        call decode_packet_deltas       ; SI = dx, DI = dy (down positive)
        mov [LastMickeysX], si
        mov [LastMickeysY], di
        mov ax, si
        or ax, di
        jz .update_buttons
        add [MotionX], si
        add [MotionY], di
        call move_pointer_by_mickeys
        or bx, EVENT_MOVED
.update_buttons:
        mov al, [bp+PACKET_STATUS]
        and ax, BUTTON_BITS
        call record_button_changes
        test bx, EVENT_MOVED
        jz .call_user_routine
        call refresh_text_cursor
.call_user_routine:
        and bx, [EventMask]
        jz .leave_packet_handler
        mov ax, bx
        mov bx, [ButtonState]
        call read_reported_position
        mov si, [LastMickeysX]
        mov di, [LastMickeysY]
        call far [EventHandler]
.leave_packet_handler:
        pop es
        pop ds
        pop di
        pop si
        pop dx
        pop cx
        pop bx
        pop ax
        pop bp
        retf

; -----------------------------------------------------------------------------------------------------
; decode_packet_deltas: the 9-bit signed deltas of a packet; Y negated to screen direction.
; Entry:    AL = status byte, BP = packet handler frame
; Output:   SI = X mickeys (right positive), DI = Y mickeys (down positive); both 0 on overflow
; Clobbers: AX
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
decode_packet_deltas:
        xor si, si
        xor di, di
        test al, PS2_OVERFLOW
        jnz .return_deltas
        mov ah, al
        mov al, [bp+PACKET_X]
        test ah, PS2_X_SIGN
        mov ah, 0
        jz .store_delta_x
        mov ah, 0FFh                    ; 9th bit set: sign-extend the negative delta
.store_delta_x:
        mov si, ax
        mov ah, [bp+PACKET_STATUS]
        mov al, [bp+PACKET_Y]
        test ah, PS2_Y_SIGN
        mov ah, 0
        jz .store_delta_y
        mov ah, 0FFh
.store_delta_y:
        neg ax                          ; PS/2 Y grows upwards, the screen's downwards
        mov di, ax
.return_deltas:
        ret

; -----------------------------------------------------------------------------------------------------
; move_pointer_by_mickeys: pixels = mickeys * 8 / ratio with the remainder kept for the next packet
; (so slow movement is not lost), then clamp.
; Entry:    SI = X mickeys, DI = Y mickeys; DS = data segment
; Output:   PointerX, PointerY, SubpixelX, SubpixelY updated
; Clobbers: AX, CX, DX
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
move_pointer_by_mickeys:
        mov ax, si
        mov cl, RATIO_PIXELS_SHIFT
        shl ax, cl
        add ax, [SubpixelX]
        cwd
        idiv word [MickeysPerEightX]
        mov [SubpixelX], dx
        add [PointerX], ax
        mov ax, di
        shl ax, cl
        add ax, [SubpixelY]
        cwd
        idiv word [MickeysPerEightY]
        mov [SubpixelY], dx
        add [PointerY], ax
        call clamp_pointer
        ret

; -----------------------------------------------------------------------------------------------------
; record_button_changes: compare the new button bits with ButtonState; count presses and releases with
; the reported position and set their event condition bits.
; Entry:    AX = new button bits; BX = event conditions so far; DS = data segment
; Output:   BX = conditions with press/release bits added; ButtonState = AX
; Clobbers: AX, CX, DX, SI, DI
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
record_button_changes:
        mov di, [ButtonState]
        mov [ButtonState], ax
        xor di, ax                      ; DI = buttons that changed
        push bx
        call read_reported_position     ; CX, DX = where the change happened
        pop bx
        push bp
        mov bp, EVENT_PRESS_LEFT        ; BP = press condition bit of the current button
        mov ax, 1                       ; AX = state bit of the current button
        mov si, PressRecords            ; SI -> press record of the current button
.check_next_button:
        test di, ax
        jz .advance_to_next_button
        test [ButtonState], ax
        jz .count_release
        inc word [si+RECORD_COUNT]
        mov [si+RECORD_X], cx
        mov [si+RECORD_Y], dx
        or bx, bp
        jmp .advance_to_next_button
.count_release:
        inc word [si+RELEASE_TABLE_DISTANCE+RECORD_COUNT]
        mov [si+RELEASE_TABLE_DISTANCE+RECORD_X], cx
        mov [si+RELEASE_TABLE_DISTANCE+RECORD_Y], dx
        shl bp, 1                       ; the release bit is the press bit << 1
        or bx, bp
        shr bp, 1
.advance_to_next_button:
        add si, RECORD_SIZE
        shl bp, 1                       ; the next button's press bit is two bits higher
        shl bp, 1
        shl ax, 1
        cmp ax, 1 << BUTTON_COUNT
        jb .check_next_button
        pop bp
        ret

ResidentCodeEnd:

; =====================================================================================================
; Installer (transient)
; =====================================================================================================

; -----------------------------------------------------------------------------------------------------
; install: refuse a second copy, set up the PS/2 device through the BIOS, hook INT 33h, stay resident.
; Entry:    DOS start of a COM program (CS = DS = ES = SS = PSP)
; Output:   does not return: INT 21h 31h (resident) or 4Ch with errorlevel 1 (already installed) or 2
;           (no PS/2 mouse)
; Clobbers: everything
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
install:
        call find_installed_driver
        jc .refuse_second_copy
        call place_resident_data
        call start_ps2_device
        jc .report_no_ps2_mouse
        push ds
        mov ax, [DataSegment]
        dec ax                          ; the stub's last bytes: (DataSegment - 1):ENTRY_OFFSET
        mov ds, ax
        mov dx, ENTRY_OFFSET
        mov ax, DOS_SET_VECTOR * 256 + MOUSE_INT
        int 21h
        pop ds
        mov dx, InstalledMessage
        mov ah, DOS_WRITE_STRING
        int 21h
        call resident_paragraphs
        mov ax, DOS_KEEP_RESIDENT * 256
        int 21h
.refuse_second_copy:
        mov dx, AlreadyMessage
        mov ah, DOS_WRITE_STRING
        int 21h
        mov ax, DOS_EXIT * 256 + EXIT_ALREADY
        int 21h
.report_no_ps2_mouse:
        mov dx, NoMouseMessage
        mov ah, DOS_WRITE_STRING
        int 21h
        mov ax, DOS_EXIT * 256 + EXIT_NO_PS2
        int 21h

; -----------------------------------------------------------------------------------------------------
; place_resident_data: choose the data segment (the first 4 KiB page boundary past the file and the
; entry stub: see the memory map), copy the resident data's template (the file's tail) to its offset 0
; and the entry stub's template to the STUB_SIZE bytes below it, its far jump aimed at this PSP.
; Entry:    DS = CS = PSP
; Output:   DataSegment set; the stub, the header and the driver state in place with their initial
;           values
; Clobbers: AX, CX, DX, SI, DI, ES
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
place_resident_data:
        mov ax, section.residentdata.start + RESIDENT_DATA_SIZE + STUB_SIZE + PARAGRAPH - 1
        mov cl, PARAGRAPH_SHIFT
        shr ax, cl                      ; paragraphs from the PSP to past the file and a stub
        mov dx, cs
        add ax, dx
        add ax, PAGE_PARAS - 1
        and ax, PAGE_BOUNDARY_MASK      ; the first page boundary there or after
        mov [DataSegment], ax
        mov es, ax
        xor di, di
        mov si, section.residentdata.start
        mov cx, RESIDENT_DATA_SIZE
        cld
        rep movsb
        dec ax
        mov es, ax                      ; ES:PARAGRAPH = the data's first byte
        mov di, PARAGRAPH - STUB_SIZE
        mov si, EntryStub
        mov cx, STUB_SIZE
        rep movsb
        mov [es:PARAGRAPH - STUB_SIZE + STUB_SEGMENT_FIELD], dx
        ret

; -----------------------------------------------------------------------------------------------------
; resident_paragraphs: how many paragraphs INT 21h AH=31h keeps: the resident part, rounded up so that
; the kept block ends on a 4 KiB boundary (linear address a multiple of 1000h). v86 quirk: its
; x86-to-wasm JIT counts the heat of each 4 KiB page and throws the page's compiled code and heat away
; on every write into that page. The packet handler writes the driver state on every PS/2 packet; a
; program loaded right above the driver would share that page with its first code bytes (PISKASM.COM's
; evaluator) and never be compiled. Ending the block on a page boundary puts the next program (its MCB
; and environment under FreeDOS, its PSP under PISKDOS) on a fresh page under any DOS, at the cost of
; less than 4 KiB of conventional memory.
; Entry:    CS = PSP segment, DataSegment set (place_resident_data)
; Output:   DX = paragraphs to keep from the PSP start (up to the first page boundary at or after the
;           end of the resident data)
; Clobbers: AX
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
resident_paragraphs:
        mov dx, [DataSegment]
        add dx, (RESIDENT_DATA_SIZE + PARAGRAPH - 1) / PARAGRAPH + PAGE_PARAS - 1
        and dx, PAGE_BOUNDARY_MASK      ; the first page boundary at or after the resident data's end
        mov ax, cs
        sub dx, ax
        ret

; -----------------------------------------------------------------------------------------------------
; find_installed_driver: is a MOUSDBG1 driver already at the INT 33h vector?
; Entry:    DS = CS
; Output:   CF = 1 when the vector's header carries the signature
; Clobbers: AX, BX, CX, SI, DI, ES
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
find_installed_driver:
        mov ax, DOS_GET_VECTOR * 256 + MOUSE_INT
        int 21h                         ; ES:BX = current INT 33h vector
        lea di, [bx+HEADER_OFFSET]
        mov si, section.residentdata.start + (Signature - ResidentDataStart) ; the template: not placed yet
        mov cx, SIGNATURE_LENGTH
        cld
        repe cmpsb
        jne .report_no_driver
        stc
        ret
.report_no_driver:
        clc
        ret

; -----------------------------------------------------------------------------------------------------
; start_ps2_device: initialise the PS/2 mouse through INT 15h C2xxh and register handle_ps2_packet.
; Entry:    DS = CS
; Output:   CF = 1 when the BIOS has no working PS/2 pointing device
; Clobbers: AX, BX, ES
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
start_ps2_device:
        mov ax, PS2_INIT
        mov bh, PACKET_SIZE
        int 15h
        jc .return_from_start
        ; v86 quirk: ps2.js mouse_send_delta scales every host delta by resolution * sample_rate / 80
        ; (the v86 release in node_modules has the factor fixed at 1, older and newer ones do not).
        ; 80 reports/s and 1 count/mm make the factor 1 in every version: one host unit = one mickey.
        ; A lone rate of 80 cannot trigger v86's IntelliMouse detection (it needs 200,100,80), so
        ; the packets stay 3 bytes long.
        mov ax, PS2_SET_RATE
        mov bh, RATE_CODE_80
        int 15h
        jc .return_from_start
        mov ax, PS2_SET_RESOLUTION
        mov bh, RESOLUTION_CODE_1
        int 15h
        jc .return_from_start
        push cs
        pop es
        mov bx, handle_ps2_packet
        mov ax, PS2_SET_HANDLER         ; the BIOS refuses C200h enable before a handler is set
        int 15h
        jc .return_from_start
        mov ax, PS2_ENABLE
        mov bh, ENABLE_DEVICE
        int 15h
.return_from_start:
        ret

InstalledMessage    db 'MOUSE: PS/2 mouse driver installed (INT 33h).', 13, 10, '$'
AlreadyMessage      db 'MOUSE: a MOUSE driver is already installed; not installed again.', 13, 10, '$'
NoMouseMessage      db 'MOUSE: the BIOS reports no PS/2 mouse (INT 15h C205h failed).', 13, 10, '$'

; -----------------------------------------------------------------------------------------------------
; EntryStub: the template of the INT 33h entry, copied by place_resident_data to the STUB_SIZE bytes
; just below the data segment (the header's page boundary). The INT 33h vector points at its jmp
; short, two bytes before the header (architecture.md section 2: the header at the vector + 2), which
; jumps back to the far jump to the dispatcher. Both lie on the page below the header's, which
; nothing writes after install, so v86 can compile them.
; Entry:    AX = function number, other registers as the function documents
; Output:   as the function documents
; Clobbers: nothing beyond the documented results
; Mirrors:  none (driver)
; -----------------------------------------------------------------------------------------------------
EntryStub:
        jmp 0:dispatch_mouse_function   ; the segment (this PSP) is written by place_resident_data
EntryStubJump:
        jmp short EntryStub
EntryStubEnd:
STUB_SIZE           equ EntryStubEnd - EntryStub
STUB_SEGMENT_FIELD  equ EntryStubJump - EntryStub - 2   ; the far jump's segment word
ENTRY_OFFSET        equ PARAGRAPH - (EntryStubEnd - EntryStubJump) ; vector offset in DataSegment - 1
PARAGRAPH           equ 16
PARAGRAPH_SHIFT     equ 4

; =====================================================================================================
; Resident data: assembled from offset 0 of the data segment, stored in the file as a template after
; the installer, copied into place by install (see the memory map for where and why)
; =====================================================================================================
section residentdata follows=.text vstart=0

ResidentDataStart:
; The debug header (architecture.md section 2): at the INT 33h vector + 2.
Signature       db 'MOUSDBG1'
HeaderVersion   dw 1
PointerX        dw CENTRE_X     ; live: virtual pixels, full resolution
PointerY        dw CENTRE_Y
ButtonState     dw 0            ; bit 0 left, bit 1 right, bit 2 middle
ShowCounter     dw -1           ; 0 = cursor shown
PacketCount     dw 0            ; PS/2 packets handled since install (wraps)

; ---- driver state ------------------------------------------------------------------------------------
RECORD_COUNT        equ 0       ; press/release record: events since the last function 05h/06h
RECORD_X            equ 2       ; reported X of the last event
RECORD_Y            equ 4       ; reported Y of the last event
RECORD_SIZE         equ 6

MinX                dw 0
MaxX                dw SCREEN_MAX_X
MinY                dw 0
MaxY                dw SCREEN_MAX_Y
MickeysPerEightX    dw DEFAULT_MICKEYS_X
MickeysPerEightY    dw DEFAULT_MICKEYS_Y
ScreenMask          dw DEFAULT_SCREEN_MASK
CursorMask          dw DEFAULT_CURSOR_MASK
CursorOffset        dw 0        ; byte offset of the drawn cursor in the video segment
SavedCell           dw 0        ; character+attribute under the drawn cursor
CursorImage         dw 0        ; what the cursor wrote there
CursorDrawn         db 0        ; 1 while the cursor image is on the screen
        align 2
ClearedStateStart:              ; zeroed by every reset (whole words)
MotionX             dw 0        ; mickeys since the last function 0Bh
MotionY             dw 0
SubpixelX           dw 0        ; remainder of mickeys * 8 not yet a whole pixel
SubpixelY           dw 0
LastMickeysX        dw 0        ; deltas of the last packet, for the event routine's SI/DI
LastMickeysY        dw 0
EventMask           dw 0        ; function 0Ch call mask, 0 = no routine
EventHandler        dw 0, 0     ; far pointer (offset, segment)
PressRecords        times BUTTON_COUNT * RECORD_SIZE db 0
ReleaseRecords      times BUTTON_COUNT * RECORD_SIZE db 0
ClearedStateEnd:
RELEASE_TABLE_DISTANCE equ ReleaseRecords - PressRecords

ResidentDataEnd:
RESIDENT_DATA_SIZE  equ ResidentDataEnd - ResidentDataStart
