// Every task of the page's thread over 50 ms, as the browser reports them,
// in `window.longTasks` (a classic script, loaded before the page's own).
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration });
}).observe({ type: "longtask", buffered: true });

// The long tasks while the engine thinks, after the page asked it for a
// move (`window.asked`, the times a page records): every task over 50 ms
// that began after the question. The task that asked (the click that
// played the person's move) ends with the browser's redraw of the board,
// up to about 110 ms on a loaded machine: it counts only when it went on
// for over 300 ms after the question, as a search on the page's thread
// (about a second at level 10) would.
window.blockedWhileAsked = () => {
  const asked = window.asked?.at(-1);
  if (asked === undefined) return [{ error: "the engine was never asked" }];
  return window.longTasks
    .filter((t) => (t.start >= asked ? t.ms > 50 : t.start + t.ms - asked > 300))
    .map((t) => ({ ...t, asked }));
};
