import type { V86Vga } from "./v86-internals.js";

/**
 * A machine without a screen element draws nothing: text-mode writes only store the byte in VGA
 * memory, and full redraws (every mode set, scroll or start-address change repaints all 2,000 cells
 * through the screen adapter and a bus message per cell) are skipped. The Machine reads the text
 * screen straight from VGA memory (emu/vga-text.ts), so nothing it shows changes.
 */
export function skipTextRendering(vga: V86Vga): void {
  vga.vga_memory_write_text_mode = function (this: V86Vga, address: number, value: number): void {
    this.vga_memory[address] = value;
  };
  vga.text_mode_redraw = () => {};
}
