/** Entry of the web page: takes a sign-in link's token out of the address bar, then renders the app. */
import { render } from 'preact';
import { initSession } from './auth/session';
import { App } from './app';
import './styles.css';

initSession();
render(<App />, document.getElementById('app')!);
