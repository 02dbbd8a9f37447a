/** The folder of the page's copy of the site, e.g. "/games/piskasm/": what the page keeps in the browser is keyed by it, so copies in other folders of one host keep their own. */
export function siteFolder(): string {
  return new URL(".", location.href).pathname;
}
