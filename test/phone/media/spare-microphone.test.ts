import { describe, expect, it } from 'vitest';
import { SpareMicrophone, type SpareTrack } from '../../../renderer/src/phone/media/spare-microphone';

class FakeTrack implements SpareTrack {
  enabled = true;
  readyState: MediaStreamTrackState = 'live';
  stop(): void {
    this.readyState = 'ended';
  }
}

const settle = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

/** A spare whose every opened capture is kept in `opened`. */
function countingSpare(): { spare: SpareMicrophone<FakeTrack>; opened: FakeTrack[] } {
  const opened: FakeTrack[] = [];
  const spare = new SpareMicrophone(async () => {
    const track = new FakeTrack();
    opened.push(track);
    return track;
  });
  return { spare, opened };
}

describe('the spare microphone of a call on a chosen device', () => {
  it('opens the system default once, disabled, and hands it over live', async () => {
    const { spare, opened } = countingSpare();
    spare.keep();
    spare.keep();
    await settle();
    spare.keep();
    expect(opened).toHaveLength(1);
    expect(opened[0]?.enabled).toBe(false);
    const taken = spare.take();
    expect(taken).toBe(opened[0]);
    expect(taken?.readyState).toBe('live');
    expect(spare.take()).toBeNull();
  });

  it('gives nothing when its own capture ended too (the default was the same device), and opens a new one when kept again', async () => {
    const { spare, opened } = countingSpare();
    spare.keep();
    await settle();
    opened[0]?.stop();
    expect(spare.take()).toBeNull();
    spare.keep();
    await settle();
    expect(opened).toHaveLength(2);
  });

  it('stops a capture that opens after the call ended, and one released', async () => {
    let resolveOpen: (track: FakeTrack) => void = () => undefined;
    const spare = new SpareMicrophone(() => new Promise<FakeTrack>((resolve) => (resolveOpen = resolve)));
    spare.keep();
    spare.close();
    const late = new FakeTrack();
    resolveOpen(late);
    await settle();
    expect(late.readyState).toBe('ended');
    expect(spare.take()).toBeNull();

    const kept = new FakeTrack();
    const other = new SpareMicrophone(async () => kept);
    other.keep();
    await settle();
    other.release();
    expect(kept.readyState).toBe('ended');
  });

  it('is simply not there when the default cannot be opened', async () => {
    const spare = new SpareMicrophone<FakeTrack>(() => Promise.reject(new Error('no device')));
    spare.keep();
    await settle();
    expect(spare.take()).toBeNull();
  });

  it('let go while still opening (the call moved to the system default meanwhile): the capture is stopped when it comes', async () => {
    const { spare, opened } = countingSpare();
    spare.keep();
    spare.release();
    await settle();
    expect(opened.map((track) => track.readyState)).toEqual(['ended']);
    expect(spare.take()).toBeNull();
  });
});
