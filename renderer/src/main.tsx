// The page's first chunk, kept small (issue 23): it opens the bridge to main,
// asks for the settings and the session, and fetches the texts of the likely
// language; the phone (sip.js) and the UI's code (React, the screens) come as
// chunks of their own: the phone's parsed while main answers, and started
// first; the UI's once the phone is registered.
// First: opens the bridge socket while the modules below (the contract's schemas) are evaluated.
import './bridge/bridge-socket';
import { connectSoftphoneApi } from './bridge';
import { startAppState } from './app-state-store';
import { guessLanguage, loadDictionary } from './dictionaries';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount the app into.');
// One connection per page load (outside React, so StrictMode cannot open two).
const store = startAppState(connectSoftphoneApi());
// A failure here is the LanguageProvider's to show, when it asks again.
loadDictionary(guessLanguage()).catch(() => undefined);
// The phone starts from its own chunk as soon as the session is known; React's chunk is fetched and run once the
// phone has the registrar's answer (phone-settles.ts): on two cores, either before it kept the phone waiting.
void import('./shell/phone-runner')
  .then(async ({ startPhoneRunner, whenPhoneSettles }) => {
    const runner = startPhoneRunner(store);
    await whenPhoneSettles(store, runner);
    return runner;
  })
  .then(async (runner) => (await import('./mount')).mount(root, store, runner));
