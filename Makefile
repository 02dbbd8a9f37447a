# piskasm build: apt packages, npm packages, the DOS programs, the floppy image and the bundles.
# `make play` and `make test` are the two commands of the README; everything else is a step of theirs.
SHELL := /bin/bash
.DEFAULT_GOAL := all

# What building and playing need; the tests add Chromium (the browser tier drives it).
APT_PLAY     := nasm mtools dosfstools seabios
APT_TEST     := chromium
SEABIOS_DIR  := /usr/share/seabios
NASM         := nasm -w+all -f bin
B            := build

# Reproducible builds: two builds of one commit give the same bytes. The floppies' file times
# (scripts/mkimg.sh) and the menu state's emulated clock (scripts/virtual-clock.mjs) come from
# SOURCE_DATE_EPOCH: as set, else the commit's time, else a fixed date (scripts/source-date-epoch.sh).
ifndef SOURCE_DATE_EPOCH
SOURCE_DATE_EPOCH := $(shell scripts/source-date-epoch.sh)
endif
export SOURCE_DATE_EPOCH

GAME_COM   := $(B)/PISKASM.COM
MOUSE_COM  := $(B)/MOUSE.COM
BOOT_BIN   := $(B)/boot.bin
KERNEL_SYS := $(B)/PISKDOS.SYS
TEST_COMS  := $(patsubst asm/tests/%.asm,$(B)/%.COM,$(wildcard asm/tests/*.asm))
IMAGE      := $(B)/piskasm.img
BIOS_FILES := $(B)/bios/bios.bin $(B)/bios/vgabios-stdvga.bin
BIOS_LICENCES := $(B)/bios/LGPL-3 $(B)/bios/LGPL-2 $(B)/bios/GPL-3
BIOS_NOTICE := $(B)/bios/copyright $(B)/bios/SOURCE $(BIOS_LICENCES)

.PHONY: all setup setup-play apt apt-play npm asm image symbols web menu-state site lib package-files play test bench clean typecheck layers lint format-check dead-code

all: setup package-files

# Everything the npm package carries (package.json's prepack runs this; no apt or npm steps).
package-files: asm image $(BIOS_FILES) $(BIOS_NOTICE) $(B)/cli.mjs symbols web menu-state site lib

# ---- set-up: install only what is missing -------------------------------------------------
setup: apt npm
setup-play: apt-play npm

# Installs the missing ones of $(1).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing apt packages:$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

apt:
	$(call apt_install,$(APT_PLAY) $(APT_TEST))

apt-play:
	$(call apt_install,$(APT_PLAY))

npm: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# ---- DOS programs -------------------------------------------------------------------------
# asm/include/ names the DOS, BIOS and INT 33h calls for every program (%include "include/dos.inc").
ASM_INCLUDES := $(wildcard asm/include/*.inc)

asm: $(GAME_COM) $(MOUSE_COM) $(BOOT_BIN) $(KERNEL_SYS) $(TEST_COMS)

$(B)/PISKASM.COM: asm/piskasm.asm $(wildcard asm/piskasm/*.inc) $(ASM_INCLUDES) | $(B)
	$(NASM) -I asm/ $< -o $@ -l $(B)/piskasm.lst

$(B)/MOUSE.COM: asm/mouse.asm $(ASM_INCLUDES) | $(B)
	$(NASM) -I asm/ $< -o $@ -l $(B)/mouse.lst

$(B)/boot.bin: asm/dos/boot.asm $(ASM_INCLUDES) | $(B)
	$(NASM) -I asm/ -I asm/dos/ $< -o $@ -l $(B)/boot.lst

$(B)/PISKDOS.SYS: asm/dos/kernel.asm $(wildcard asm/dos/*.inc) $(ASM_INCLUDES) | $(B)
	$(NASM) -I asm/ -I asm/dos/ $< -o $@ -l $(B)/kernel.lst

$(B)/%.COM: asm/tests/%.asm asm/tests/testlib.inc $(ASM_INCLUDES) | $(B)
	$(NASM) -I asm/ $< -o $@

# The symbol map of PISKASM.COM (labels and source lines by offset) from its listing: debugger, reports.
symbols: $(B)/piskasm.sym.json

$(B)/piskasm.sym.json: $(GAME_COM) debug/listing.ts debug/make-symbols.ts scripts/bundle.mjs
	node scripts/bundle.mjs symbols

# ---- floppy images (mtools; scripts/mkimg.sh holds the recipe) ----------------------------
TEST_IMAGES := $(patsubst disk/tests/%.bat,$(B)/test-%.img,$(wildcard disk/tests/*.bat))

image: $(IMAGE) $(TEST_IMAGES)

# Test floppies: disk/tests/NAME.bat is the AUTOEXEC.BAT of build/test-NAME.img, which holds every
# program the project builds.
$(B)/test-%.img: disk/tests/%.bat $(BOOT_BIN) $(KERNEL_SYS) $(MOUSE_COM) $(GAME_COM) $(TEST_COMS) scripts/mkimg.sh
	scripts/mkimg.sh $@ $< $(MOUSE_COM) $(GAME_COM) $(TEST_COMS)

$(IMAGE): $(BOOT_BIN) $(KERNEL_SYS) $(MOUSE_COM) $(GAME_COM) disk/AUTOEXEC.BAT scripts/mkimg.sh
	scripts/mkimg.sh $@ disk/AUTOEXEC.BAT $(MOUSE_COM) $(GAME_COM)

$(B)/bios/%.bin: | $(B)
	@mkdir -p $(B)/bios
	cp $(SEABIOS_DIR)/$*.bin $@

# SeaBIOS is LGPL-3.0: its copyright and licence text, and where its source comes from, go with the
# binaries wherever they are copied (the npm package carries build/bios).
$(B)/bios/copyright: $(BIOS_FILES)
	cp /usr/share/doc/seabios/copyright $@

# The licence texts that copyright names by their Debian path (LGPL-3 builds on GPL-3).
$(BIOS_LICENCES): $(B)/bios/%: $(BIOS_FILES)
	cp /usr/share/common-licenses/$* $@

$(B)/bios/SOURCE: $(BIOS_FILES)
	@v=$$(dpkg-query -W -f='$${Version}' seabios); { \
	  echo "bios.bin and vgabios-stdvga.bin are SeaBIOS $$v as Debian's seabios package builds them"; \
	  echo "(copied from $(SEABIOS_DIR)). ./copyright says who holds their copyright and under which licence"; \
	  echo "(LGPL v3; some parts LGPL v2, or LGPL or CPL); the texts are ./LGPL-3, ./LGPL-2 and ./GPL-3."; \
	  echo "The corresponding source: Debian's source package seabios $$v,"; \
	  echo "  https://sources.debian.org/src/seabios/$$v/  (or: apt-get source seabios=$$v);"; \
	  echo "upstream: https://www.seabios.org/ and https://review.coreboot.org/seabios.git"; \
	} > $@

$(B):
	mkdir -p $(B)

# ---- TypeScript bundles ---------------------------------------------------------------------
TS_SOURCES := $(shell find util guest checks emu engine-ts engines records brain arena harness mutate freedos cli web debug -name '*.ts' 2>/dev/null)

$(B)/cli.mjs: $(TS_SOURCES) scripts/bundle.mjs | $(B)
	node scripts/bundle.mjs cli

web: $(B)/web/.stamp

# The package's exports: the Machine API (emu/index.ts), engine-ts and the page's mount() (web/embed/mount.ts) as modules with their types.
lib: $(B)/lib/.stamp

$(B)/lib/.stamp: $(TS_SOURCES) scripts/bundle.mjs tsconfig.types.json web/tsconfig.types.json | $(B)
	node scripts/bundle.mjs lib
	rm -rf $(B)/types && npx tsc -p tsconfig.types.json && npx tsc -p web/tsconfig.types.json
	@touch $@

$(B)/web/.stamp: $(TS_SOURCES) $(wildcard web/*) scripts/bundle.mjs $(B)/piskasm.sym.json | $(B)
	node scripts/bundle.mjs web
	@touch $@

# Three programs: Node without the DOM library (tsconfig.json), the page without Node's types
# (web/tsconfig.json), and the Node code that drives the page with both (tsconfig.page-drivers.json).
TSCONFIGS := tsconfig.json web/tsconfig.json tsconfig.page-drivers.json
typecheck: setup
	for c in $(TSCONFIGS); do npx tsc -p $$c --noEmit || exit 1; done

# ---- the static site (build/site) and the menu state -----------------------------------------
# build/menu.state: the game's machine saved at its menu (v86 save_state bytes as Machine.snapshot()
# gives them; cli/site/menu-state.ts documents the format). The site serves a hashed copy of it.
MENU_STATE := $(B)/menu.state

menu-state: $(MENU_STATE)

$(B)/make-site.mjs: $(TS_SOURCES) scripts/bundle.mjs | $(B)
	node scripts/bundle.mjs site

# It runs on a virtual clock (scripts/virtual-clock.mjs), so the saved machine is the same on every build.
$(MENU_STATE): $(IMAGE) $(BIOS_FILES) $(B)/make-site.mjs scripts/virtual-clock.mjs
	node --import ./scripts/virtual-clock.mjs $(B)/make-site.mjs menu-state $(IMAGE) $@

# build/site: the page as static files for any web server (cli/site/build-site.ts; README "Hosting").
# sw.js is written last, so it stands for the whole folder.
SITE := $(B)/site/sw.js

site: $(SITE)

$(SITE): $(B)/web/.stamp $(IMAGE) $(MENU_STATE) $(B)/make-site.mjs $(wildcard web/offline/*)
	node $(B)/make-site.mjs site $(B)/web $(IMAGE) $(MENU_STATE) $(B)/site

# ---- the two commands ---------------------------------------------------------------------
play: setup-play package-files
	node bin/piskasm.mjs serve --open

test: all typecheck layers lint format-check dead-code
	npx vitest run

# The layer rules (.dependency-cruiser.cjs, drawn in docs/architecture.md): a wrong-way import or an
# import cycle (type-only imports included) fails with its rule's name, e.g. `emu-to-guest`.
LAYER_DIRS := util engine-ts program-ts records emu guest freedos checks debug engines harness arena brain cli web bench mutate testkit tests
layers: npm
	npx depcruise $(LAYER_DIRS) --config .dependency-cruiser.cjs

# ESLint (eslint.config.js): typescript-eslint's type-aware rules, no floating promises, no `any`, no
# production function over 80 lines. --cache keeps a second run to the files that changed.
lint: npm
	npx eslint --cache .

# knip (knip.json): no export, file or dependency that nothing uses; then, with --production, none that
# only the tests, the testkit or the benchmarks use (what ships: the entries marked `!` in knip.json).
dead-code: npm
	npx knip --no-progress
	npx knip --production --no-progress

# Prettier (.prettierrc.json, printWidth 110): the files as Prettier would write them (`npx prettier --write .`).
format-check: npm
	npx prettier --check .

bench: all
	node bench/run.mjs

# docs/coverage.md: the default campaign (20 games of the sweep policy, seed 1) under diff --coverage;
# the lines it ran go into the symbol map (the debugger tab's source view marks them) and the page.
# On the virtual clock (scripts/virtual-clock.mjs): with the host's clock a timer interrupt now and
# then falls inside a move and shifts the instructions per move, so an unchanged build rewrote the page.
.PHONY: coverage
coverage: all
	node --import ./scripts/virtual-clock.mjs $(B)/cli.mjs diff --games 20 --seed 1 --coverage --coverage-md docs/coverage.md \
	  --coverage-lines $(B)/piskasm.coverage.json --out $(B)/coverage-reports
	node scripts/bundle.mjs symbols
	node scripts/bundle.mjs web

# docs/mutation.md and reports/mutation/: the full mutation campaign of the whole program (every mutant;
# about 13 minutes on two quiet cores).
.PHONY: mutation-report
mutation-report: all
	node bin/piskasm.mjs mutate --fresh --jobs 2 --out reports/mutation --markdown docs/mutation.md

# docs/mutation-ts.md: the campaign of engine-ts (the same operators through the TypeScript compiler API).
.PHONY: mutation-report-ts
mutation-report-ts: all
	node bin/piskasm.mjs mutate --fresh --target ts --jobs 2 --out reports/mutation-ts --markdown docs/mutation-ts.md

# The fast pre-commit campaign: every mutant, only the games of the last full campaign's minimal-games.json.
.PHONY: mutation-quick
mutation-quick: all
	node bin/piskasm.mjs mutate --fresh --jobs 2 --games-from reports/mutation/minimal-games.json --out reports/mutation-quick

# docs/mutation.md again from that campaign's reports/mutation/mutation.json with the current verdicts
# (mutate/verdicts.json), without playing: for verdicts written after the campaign.
.PHONY: mutation-doc
mutation-doc: $(B)/cli.mjs
	node bin/piskasm.mjs mutate rescore reports/mutation/mutation.json --markdown docs/mutation.md

# docs/mutation-ts.md again from reports/mutation-ts/mutation.json with the current verdicts.
.PHONY: mutation-doc-ts
mutation-doc-ts: $(B)/cli.mjs
	node bin/piskasm.mjs mutate rescore reports/mutation-ts/mutation.json --markdown docs/mutation-ts.md

# The long run: RSS at game 1,000 and 20,000 of a random-policy run, then 2,000 storm games (about 10 min).
.PHONY: soak
soak: all
	SOAK_GAMES=20000 SOAK_STORM_GAMES=2000 node bench/run.mjs soak

clean:
	rm -rf $(B)
