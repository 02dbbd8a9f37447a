# piskasm build: apt packages, npm packages, the DOS programs, the floppy image and the bundles.
# `make play` and `make test` are the two commands of the README; everything else is a step of theirs.
SHELL := /bin/bash
.DEFAULT_GOAL := all

APT_PACKAGES := nasm mtools dosfstools seabios chromium
SEABIOS_DIR  := /usr/share/seabios
NASM         := nasm -w+all -f bin
B            := build

GAME_COM   := $(B)/PISKASM.COM
MOUSE_COM  := $(B)/MOUSE.COM
BOOT_BIN   := $(B)/boot.bin
KERNEL_SYS := $(B)/PISKDOS.SYS
TEST_COMS  := $(patsubst asm/tests/%.asm,$(B)/%.COM,$(wildcard asm/tests/*.asm))
IMAGE      := $(B)/piskasm.img
BIOS_FILES := $(B)/bios/bios.bin $(B)/bios/vgabios-stdvga.bin

.PHONY: all setup apt npm asm image symbols play test test-unit test-emu test-diff test-browser bench clean typecheck layers

all: setup asm image $(BIOS_FILES) $(B)/cli.mjs symbols web

# ---- set-up: install only what is missing -------------------------------------------------
setup: apt npm

apt:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing apt packages:$$missing"; \
	  export DEBIAN_FRONTEND=noninteractive; \
	  apt-get update -qq && apt-get install -y -qq $$missing >/dev/null; \
	fi

npm: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# ---- DOS programs -------------------------------------------------------------------------
asm: $(GAME_COM) $(MOUSE_COM) $(BOOT_BIN) $(KERNEL_SYS) $(TEST_COMS)

$(B)/PISKASM.COM: asm/piskasm.asm $(wildcard asm/piskasm/*.inc) | $(B)
	$(NASM) -I asm/ $< -o $@ -l $(B)/piskasm.lst

$(B)/MOUSE.COM: asm/mouse.asm | $(B)
	$(NASM) -I asm/ $< -o $@ -l $(B)/mouse.lst

$(B)/boot.bin: asm/dos/boot.asm | $(B)
	$(NASM) -I asm/dos/ $< -o $@ -l $(B)/boot.lst

$(B)/PISKDOS.SYS: asm/dos/kernel.asm $(wildcard asm/dos/*.inc) | $(B)
	$(NASM) -I asm/dos/ $< -o $@ -l $(B)/kernel.lst

$(B)/%.COM: asm/tests/%.asm | $(B)
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

$(B):
	mkdir -p $(B)

# ---- TypeScript bundles ---------------------------------------------------------------------
TS_SOURCES := $(shell find util guest checks emu engine-ts engines records brain arena harness freedos cli web debug -name '*.ts' 2>/dev/null)

$(B)/cli.mjs: $(TS_SOURCES) scripts/bundle.mjs | $(B)
	node scripts/bundle.mjs cli

web: $(B)/web/.stamp

$(B)/web/.stamp: $(TS_SOURCES) $(wildcard web/*) scripts/bundle.mjs $(B)/piskasm.sym.json | $(B)
	node scripts/bundle.mjs web
	@touch $@

typecheck: setup
	npx tsc -p tsconfig.json

# ---- the two commands ---------------------------------------------------------------------
play: all
	node bin/piskasm.mjs serve --open

test: all typecheck layers
	npx vitest run

# The layer rules (.dependency-cruiser.cjs, drawn in docs/architecture.md): a wrong-way import or an
# import cycle (type-only imports included) fails with its rule's name, e.g. `emu-to-guest`.
LAYER_DIRS := util engine-ts records emu guest freedos checks debug engines harness arena brain cli web bench tests
layers: npm
	npx depcruise $(LAYER_DIRS) --config .dependency-cruiser.cjs

bench: all
	node bench/run.mjs

# The long run: RSS at game 1,000 and 20,000 of a random-policy run, then 2,000 storm games (about 10 min).
.PHONY: soak
soak: all
	SOAK_GAMES=20000 SOAK_STORM_GAMES=2000 node bench/run.mjs soak

clean:
	rm -rf $(B)
