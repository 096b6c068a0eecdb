// Clocks: the server's remaining times, counted down here between its
// updates for the seat whose clock runs.

/** 83000 -> `1:23`; under ten seconds with tenths: `9.4`; hours: `1:02:03`. */
export function clockText(ms) {
  const t = Math.max(0, ms ?? 0);
  if (t < 10000) return (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
}

/** The remaining times of every seat, one of them running. */
export class Clocks {
  constructor(onTick) {
    this.onTick = onTick;
    this.base = [];
    this.running = null;
    this.since = 0;
    this.timer = null;
  }

  /** Times as the server gave them just now; `running` is the seat whose clock runs, or null. */
  set(times, running) {
    this.base = times ?? [];
    this.running = running;
    this.since = performance.now();
    clearInterval(this.timer);
    this.timer = running === null || running === undefined ? null : setInterval(() => this.onTick(this.now()), 100);
    this.onTick(this.now());
  }

  /** The times as they are now. */
  now() {
    const elapsed = performance.now() - this.since;
    return this.base.map((t, i) => (t === null || t === undefined ? null : i === this.running ? Math.max(0, t - elapsed) : t));
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }
}
