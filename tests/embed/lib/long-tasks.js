// Every task of the page's thread over 50 ms, as the browser reports them,
// in `window.longTasks` (a classic script, loaded before the page's own).
window.longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.longTasks.push({ start: e.startTime, ms: e.duration });
}).observe({ type: "longtask", buffered: true });
