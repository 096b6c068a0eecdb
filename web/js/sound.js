// The sound of one's turn: two short tones made here (no sound files).

let ctx = null;

/** Two soft tones; silent where the browser does not allow sound yet. */
export function playTurnSound() {
  try {
    ctx ??= new AudioContext();
    const t = ctx.currentTime;
    for (const [i, freq] of [660, 880].entries()) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t + i * 0.09);
      gain.gain.exponentialRampToValueAtTime(0.15, t + i * 0.09 + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.09 + 0.12);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t + i * 0.09);
      osc.stop(t + i * 0.09 + 0.13);
    }
  } catch {
    // No audio device or not allowed yet: the highlighted seat says it too.
  }
}
