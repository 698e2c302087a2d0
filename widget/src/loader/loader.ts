// /widget/loader.js: the one <script> tag a business pastes into its site, e.g.
// <script src="https://parley.example/widget/loader.js" data-workspace-id="…" async></script>
import { installParley, readSettings } from './parley-widget';

const page = window as Window & { Parley?: { loaded?: boolean } };
// A page may carry the tag twice (a template and a tag manager): the first one wins.
if (!page.Parley?.loaded) {
  const settings = readSettings(
    document.currentScript as HTMLScriptElement | null,
    location.origin,
  );
  if (settings) installParley(page, settings);
  else console.error('Parley: the widget script tag needs a data-workspace-id attribute');
}
