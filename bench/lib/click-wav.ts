// The agent's microphone for bench/conference: a WAV file Chromium's fake
// capture device plays in a loop (`--use-file-for-fake-audio-capture`), so
// the microphone delivers clicks in real time on its own clock, as a headset
// would deliver speech: an 800 Hz burst of 40 ms every 250 ms, silence
// between (a sharp onset each time, and 210 ms of quiet before it).

/** A mono 16-bit 48 kHz WAV of `seconds` of clicks. */
export function clickWav(seconds: number): Buffer {
  const rate = 48_000;
  const count = Math.round(seconds * rate);
  const data = Buffer.alloc(count * 2);
  const period = rate / 4;
  const burst = (rate * 40) / 1_000;
  for (let i = 0; i < count; i += 1) {
    const t = i % period;
    const value = t < burst ? 0.5 * Math.sin((2 * Math.PI * 800 * t) / rate) : 0;
    data.writeInt16LE(Math.round(value * 32_767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
