'use strict';
// The page's frame: the tabs, the connection line (with a reconnect button when the
// connection is lost), and the three games sharing one session.

(() => {
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  const select = (tab) => {
    for (const other of tabs) {
      const chosen = other === tab;
      other.setAttribute('aria-selected', String(chosen));
      other.tabIndex = chosen ? 0 : -1;
      document.getElementById(other.getAttribute('aria-controls')).hidden = !chosen;
    }
  };
  tabs.forEach((tab, index) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(index + step + tabs.length) % tabs.length];
      select(next);
      next.focus();
    });
  });
  // The address names the game shown (`/#go`), so a link or a reload opens that game.
  const fromAddress = () => {
    const chosen = tabs.find((tab) => `#${tab.getAttribute('aria-controls')}` === location.hash);
    select(chosen || tabs[0]);
  };
  tabs.forEach((tab) => tab.addEventListener('click', () => {
    history.replaceState(null, '', `#${tab.getAttribute('aria-controls')}`);
  }));
  window.addEventListener('hashchange', fromAddress);
  fromAddress();

  const line = document.getElementById('connection');
  const text = document.getElementById('connection-text');
  const reconnect = document.getElementById('reconnect');
  const gtp = new Gtp((state, reason) => {
    line.classList.toggle('lost', state === 'closed');
    reconnect.hidden = state !== 'closed';
    document.body.dataset.connection = state;
    if (state === 'connecting') text.textContent = 'Connecting…';
    else if (state === 'open') text.textContent = 'Connected.';
    else text.textContent = `Connection lost (${reason}). The games on the server are gone.`;
  });
  const games = [new Qttt(gtp), new Wythoff(gtp), new Go(gtp)];
  const start = async () => {
    await gtp.connect();
    if (gtp.open) for (const game of games) await game.reset();
  };
  reconnect.addEventListener('click', start);
  start();
})();
