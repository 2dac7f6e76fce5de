// The page's first chunk, kept small (issue 23): it opens the bridge to main,
// asks for the settings and the session, and fetches the texts of the likely
// language; the UI's code (React, the screens, sip.js) comes as a second
// chunk, parsed while main answers.
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
void import('./mount').then(({ mount }) => mount(root, store));
