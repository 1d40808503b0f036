// Sounds for a move, a capture and a check, made here with the Web Audio API (no sound
// file is fetched): off until the person switches them on; the choice is remembered.
const KEY = "morphy-sounds";
let context = null;
let on = false;

function tone(freq, start, length, gain) {
  const osc = context.createOscillator();
  const amp = context.createGain();
  osc.type = "triangle";
  osc.frequency.value = freq;
  amp.gain.setValueAtTime(gain, context.currentTime + start);
  amp.gain.exponentialRampToValueAtTime(0.001, context.currentTime + start + length);
  osc.connect(amp).connect(context.destination);
  osc.start(context.currentTime + start);
  osc.stop(context.currentTime + start + length);
}

// Plays the sound of `kind`: "move", "capture" or "check".
export function play(kind) {
  if (!on) return;
  try {
    context = context || new AudioContext();
    if (kind === "check") {
      tone(880, 0, 0.12, 0.25);
      tone(1175, 0.1, 0.16, 0.2);
    } else if (kind === "capture") {
      tone(196, 0, 0.09, 0.35);
      tone(147, 0.07, 0.14, 0.3);
    } else {
      tone(330, 0, 0.07, 0.25);
    }
  } catch (_) {
    // A browser without sound plays on silently.
  }
}

// The switch (a checkbox), its state remembered.
export function setUpSounds(box) {
  try {
    on = localStorage.getItem(KEY) === "on";
  } catch (_) {
    on = false;
  }
  if (!box) return;
  box.checked = on;
  box.addEventListener("change", () => {
    on = box.checked;
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch (_) {
      // Kept until the page closes.
    }
  });
}
