/** The built site's index.html: the bundle's page with the web app manifest, the icons and the offline support's two meta tags. */
import { SERVICE_WORKER_FILE } from "../../web/offline/precache.js";

export const THEME_COLOUR = "#0e1116";

/** `html` (build/web/index.html) with the site's head lines before </head>; its placeholder icon goes. */
export function siteIndexHtml(html: string, build: string): string {
  if (!html.includes("</head>")) throw new Error("build/web/index.html has no </head>");
  const head = [
    `<meta name="theme-color" content="${THEME_COLOUR}">`,
    `<meta name="piskasm-build" content="${build}">`,
    `<meta name="piskasm-service-worker" content="${SERVICE_WORKER_FILE}">`,
    `<link rel="manifest" href="manifest.webmanifest">`,
    `<link rel="icon" href="icon.svg" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="icon-192.png">`,
  ];
  return html.replace(/\s*<link rel="icon"[^>]*>/, "").replace("</head>", `  ${head.join("\n  ")}\n</head>`);
}

/** The web app manifest: a phone can install the page to its home screen; everything relative to the site's folder. */
export function webManifest(): string {
  const manifest = {
    name: "PISKASM · 8086 gomoku in v86",
    short_name: "PISKASM",
    description:
      "An 8086 DOS gomoku program running in the v86 PC emulator, with the computer's scores beside the board.",
    start_url: "./",
    scope: "./",
    display: "standalone",
    background_color: THEME_COLOUR,
    theme_color: THEME_COLOUR,
    icons: [
      { src: "icon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "icon-192.png", sizes: "192x192", type: "image/png", purpose: "any maskable" },
      { src: "icon-512.png", sizes: "512x512", type: "image/png", purpose: "any maskable" },
    ],
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}
