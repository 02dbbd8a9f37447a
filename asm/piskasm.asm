; =====================================================================================================
; PISKASM.COM - gomoku (five in a row) for DOS on a 19x19 board: a person (O) against the computer (X).
; A rebuild of Vojtech Havranek's 2004 program ("the seed" in these comments: what its documentation
; says, quoted in docs/piskasm.md section 5); the engine follows docs/evaluator.md exactly and the
; debug header follows docs/architecture.md section 1. User's and programmer's guide: docs/piskasm.md.
;
; Build:    nasm -w+all -f bin -I asm/ asm/piskasm.asm -o build/PISKASM.COM   (make asm)
; Run:     PISKASM [/S:n]      needs an INT 33h mouse driver (MOUSE.COM) loaded first;
;          /S:n (n decimal 0..65535) starts every game of this run with Seed = n; any other n
;          is refused with the bad-seed message and errorlevel 2.
;          Menu: 1 you start, 2 the computer starts, 3 quit, 4 set up a position (left click O,
;          right click X, Enter/Tab hand over), S type a seed for every later game.
;
; Memory map (one 64 KiB segment, CS = DS = SS = PSP segment, tiny model):
;   0000h-00FFh  PSP (command tail at 80h, read only)
;   0100h        jmp short over the debug header; 0102h-0127h the debug header (version 2)
;   0128h-...    code and read-only data (texts, value lists), up to code_end
;   code_end + JIT_GAP ...  BSS: every variable written while the program runs (Plocha, Info, the
;                padded board, Bodovani, counters, flags). Not in the file; zeroed at start.
;   ...FFFEh     stack (the SP DOS gives a COM), far above the BSS
;
; Register roles:
;   ES = VIDEO_SEG (B800h, colour text memory) everywhere, except inside the few routines that
;        point it at DS for a string instruction and restore it before returning.
;   DF = 0 (cld) everywhere; pc_move sets it for one backward scan and clears it again.
;   Engine routines: SI = address of a cell in the padded board Pad, DI = index of a cell in Plocha
;   (0..360) or twice that as a byte offset into Info, as each routine's header says.
; =====================================================================================================

cpu 8086
org 100h

%include "include/dos.inc"
%include "include/bios.inc"
%include "include/int33.inc"

; ---- board and sides (docs/evaluator.md section 1) -------------------------------------------------
BOARD_SIZE      equ 19                  ; 19 rows and 19 columns
CELLS           equ BOARD_SIZE * BOARD_SIZE ; 361 cells, index 19*row + col
EMPTY           equ 0                   ; Plocha values
COMPUTER        equ 1
HUMAN           equ 2
NO_CELL         equ 0FFFFh              ; LastPC before the computer's first stone
WIN_LENGTH      equ 5                   ; five or more in a row wins (overlines win)
RANDOM_STEP     equ 4567                ; GetRandom's increment (odd: full period of 65536)
FIRST_MOVE_BASE equ 7                   ; first computer move: one of the 25 cells of rows and
FIRST_MOVE_SPAN equ 5                   ; columns 7..11, the 5x5 square around the centre (9,9)

; ---- padded board: Plocha with a wall of 6 cells around it -----------------------------------------
; CountScore reads 6 cells each way from a cell; a wall cell (value WALL = both plane bits set) is
; a blocker for both sides, so no bounds test is needed. A padded row is 19 cells plus 6 wall cells
; that are the right wall of this row and the left wall of the next one at the same time.
PAD_WALL        equ 6                   ; reach of the widest window (7) on each side of the cell
PAD_WIDTH       equ BOARD_SIZE + PAD_WALL ; 25
PAD_ROWS        equ PAD_WALL + BOARD_SIZE + PAD_WALL + 1 ; +1: cell (18,18)+6*(1,1) wraps one row further
PAD_SIZE        equ PAD_WIDTH * PAD_ROWS
PAD_ORIGIN      equ PAD_WALL * PAD_WIDTH + PAD_WALL ; Pad offset of cell (0,0)
WALL            equ 3                   ; bit 0 and bit 1 set: blocks the computer and the human
STEP_HORIZONTAL equ 1                   ; Pad steps of the 4 axes (evaluator.md section 6)
STEP_VERTICAL   equ PAD_WIDTH
STEP_DIAGONAL   equ PAD_WIDTH + 1
STEP_ANTI       equ PAD_WIDTH - 1

; ---- game phases (architecture.md section 1) -------------------------------------------------------
PHASE_STARTING      equ 0
PHASE_MENU          equ 1
PHASE_HUMAN_TURN    equ 2
PHASE_COMPUTER_TURN equ 3
PHASE_COMPUTER_WON  equ 4
PHASE_HUMAN_WON     equ 5
PHASE_DRAW          equ 6
PHASE_EXITING       equ 7
PHASE_SEED_ENTRY    equ 8               ; menu key S: typing a seed
PHASE_SETUP         equ 9               ; menu key 4: placing the stones of a position

; ---- screen -----------------------------------------------------------------------------------------
VIDEO_SEG       equ 0B800h              ; colour text memory
SCREEN_COLS     equ 80
SCREEN_ROWS     equ 25
ROW_BYTES       equ SCREEN_COLS * 2     ; character + attribute per cell
BOARD_LEFT      equ 4                   ; screen column of cell (0,0): room for the row numbers
BOARD_TOP       equ 2                   ; screen row of cell (0,0): title and column letters above
CELL_WIDTH      equ 3                   ; 19*3 = 57 columns: a square-looking board
CELL_HEIGHT     equ 1                   ; 19 rows + letters + status fit in 25 rows
STATUS_ROW      equ 23                  ; messages and the menu prompt
NOTICE_ROW      equ 24                  ; under the menu: the bad-seed message
PANEL_COL       equ 66                  ; legend right of the board
ATTR_TEXT       equ 07h                 ; grey on black
ATTR_BRIGHT     equ 0Fh                 ; white: titles
ATTR_PROMPT     equ 0Eh                 ; yellow: what the user must do now
ATTR_ERROR      equ 0Ch                 ; bright red: the missing mouse driver
ATTR_LABEL      equ 03h                 ; cyan: coordinates
ATTR_EMPTY      equ 08h                 ; dark grey dot: an empty cell
ATTR_X          equ 0Ah                 ; light green: computer stone
ATTR_X_LAST     equ 0Ch                 ; bright red: the computer's last stone (only this one)
ATTR_O          equ 0Eh                 ; yellow: human stone
CHAR_EMPTY      equ 0FAh                ; CP437 middle dot
CHAR_X          equ 'X'
CHAR_O          equ 'O'
SCRIPT_END      equ 0FFh                ; ends a print_script list

; ---- mouse (INT 33h functions: include/int33.inc) and keys -----------------------------------------
PS2_PACKET_SIZE equ 3                   ; BH of PS2_INIT (include/bios.inc): standard 3-byte packets
MICKEY_SHIFT    equ 3                   ; text mode: 8 virtual pixels per column and per row
KEY_ESC         equ 1Bh
KEY_ENTER       equ 0Dh
KEY_TAB         equ 09h
KEY_BACKSPACE   equ 08h
EXIT_OK         equ 0
EXIT_NO_MOUSE   equ 1
EXIT_BAD_SEED   equ 2
SEED_TEXT_MAX   equ 6                   ; characters a typed seed may have (65535 has 5; 6 shows that
                                        ; a longer text is refused, not cut)

; ---- JIT: keep written data off the code's 4 KiB pages ---------------------------------------------
; v86 throws away compiled code of a page that is written to. The BSS starts this far past the last
; byte of code, so no 4 KiB page (at any load segment) holds both code and a variable.
JIT_GAP         equ 4096

; =====================================================================================================
; Program start and the debug header (architecture.md section 1)
; =====================================================================================================
start:
        jmp short main                  ; two bytes: the header must start at 102h

debug_header:
        db 'PISKDBG1'                   ; 102h signature
        dw 2                            ; 10Ah header version
        dw Plocha                       ; 10Ch
        dw Info                         ; 10Eh
        dw Seed                         ; 110h
        dw Random                       ; 112h
        dw LastPC                       ; 114h
        dw VolnaPole                    ; 116h
        dw Phase                        ; 118h
        dw MoveCount                    ; 11Ah
        dw GameCount                    ; 11Ch
        dw Bodovani                     ; 11Eh
        db BOARD_LEFT, BOARD_TOP        ; 120h, 121h
        db CELL_WIDTH, CELL_HEIGHT      ; 122h, 123h
        dw ForcedSeed                   ; 124h (version 2)
        dw SeedIsForced                 ; 126h (version 2)
%if $ - debug_header != 26h
        %error "debug header layout differs from architecture.md section 1"
%endif

; -----------------------------------------------------------------------------------------------------
; main: the program's main part (the seed's main body): set up, Intro, mouse on, then the menu
; (Restart/NewGame) and the game loop (FirstMove), until key 3. Menu key 4 sets up a position first.
; Entry:    DOS started the COM (CS = DS = ES = SS = PSP)
; Output:   none, exits through INT 21h 4Ch
; Clobbers: everything
; Mirrors:  none (UI)
; -----------------------------------------------------------------------------------------------------
main:
        cld
        call clear_bss
        call build_bodovani
        mov ax, VIDEO_SEG
        mov es, ax
        call intro
        call parse_command_line
        jc bad_seed_exit                ; /S:n with a bad n: says so, errorlevel 2
        call detect_mouse
        jc no_mouse_exit                ; says why, exits with errorlevel 1
        call hide_hardware_cursor

.show_menu:
        call new_game                   ; AL = menu key
        cmp al, '3'
        je .quit
        push ax
        call new_board
        pop ax
        cmp al, '4'
        je .set_up
        cmp al, '2'
        jne .play_human_move
        mov byte [Phase], PHASE_COMPUTER_TURN
        call first_move                 ; DI = cell
        mov al, COMPUTER
        call place_stone                ; one stone cannot win

.play_human_move:
        call wait_human_move            ; CF = Esc, else DI = empty cell
        jc .show_menu
        mov byte [Phase], PHASE_COMPUTER_TURN
        mov al, HUMAN
        call play_stone                 ; CF = the game is over (SI, BL)
        jc .end_game
.play_computer_move:
        call pc_move                    ; DI = cell
        mov al, COMPUTER
        call play_stone
        jc .end_game
        jmp .play_human_move

.set_up:
        call set_up_position            ; AL = how the set-up ended
        cmp al, SETUP_HUMAN_MOVES
        je .play_human_move
        cmp al, SETUP_GAME_OVER
        je .end_game
        cmp al, SETUP_COMPUTER_MOVES
        jne .show_menu                  ; Esc
        mov byte [Phase], PHASE_COMPUTER_TURN
        jmp .play_computer_move

.end_game:
        call show_result                ; waits for a key
        jmp .show_menu

.quit:
        mov byte [Phase], PHASE_EXITING
        mov ax, VIDEO_SET_MODE * 256 + VIDEO_MODE_TEXT ; 80x25 colour text again: clears the
        int 10h                         ; screen, puts the cursor home and restores its shape at once
        mov ax, DOS_EXIT * 256 + EXIT_OK
        int 21h

; -----------------------------------------------------------------------------------------------------
; play_stone: PlaceStone, then the end of the game if this stone ended it (evaluator.md section 4).
; Entry:    DI = empty cell, AL = COMPUTER or HUMAN
; Output:   CF = 0 the game goes on; CF = 1 it is over: SI = the result message, BL = the result Phase
; Clobbers: AX, BX, CX, DX, SI, BP, flags (DI kept)
; Mirrors:  placeStone (its result)
; -----------------------------------------------------------------------------------------------------
play_stone:
        push ax
        call place_stone                ; AL = 1 on a win
        pop bx                          ; BL = the side
        test al, al
        jz .no_five
        mov si, msg_human_won
        cmp bl, HUMAN
        mov bl, PHASE_HUMAN_WON
        je .over
        mov si, msg_computer_won
        mov bl, PHASE_COMPUTER_WON
        jmp .over
.no_five:
        cmp word [VolnaPole], 0
        jne .goes_on
        mov si, msg_draw
        mov bl, PHASE_DRAW
.over:
        stc
        ret
.goes_on:
        clc
        ret

%include "piskasm/engine.inc"
%include "piskasm/screen.inc"
%include "piskasm/input.inc"
%include "piskasm/texts.inc"

        align 2, db 0                   ; so the BSS below starts on a word boundary
code_end:

; =====================================================================================================
; BSS: everything written while the program runs. Not part of the file; clear_bss zeroes it.
; =====================================================================================================
absolute code_end + JIT_GAP
bss_start:                              ; words first, bytes last: every word stays aligned
Info            resw CELLS              ; score of each cell as the computer's move
Bodovani        resw 2 * (32 + 64 + 128) ; attack L5,L6,L7 then defence L5,L6,L7 (evaluator.md 7)
Seed            resw 1                  ; seed of the current game
Random          resw 1                  ; GetRandom's state
LastPC          resw 1                  ; the computer's last stone or NO_CELL
VolnaPole       resw 1                  ; free cells left
MoveCount       resw 1                  ; stones placed in this game
GameCount       resw 1                  ; NewBoard calls since start
ScoreSum        resw 1                  ; count_score's running sum of the axis scores
ForcedSeed      resw 1                  ; the /S:n value, or the seed typed after key S
Plocha          resb CELLS              ; 0 empty, 1 computer, 2 human; index 19*row + col
Phase           resb 1                  ; PHASE_*
SeedIsForced    resb 1                  ; 1 when /S:n was given or a seed was typed after key S
SeedText        resb SEED_TEXT_MAX + 1  ; the seed being typed after key S, zero-terminated
Pad             resb PAD_SIZE           ; Plocha with walls, for CountScore and the win test
bss_end:
