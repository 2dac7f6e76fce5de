/**
 * A minimal typed event emitter: listeners per event name; one listener that
 * throws does not stop the others (nor the code that emitted: the phone, the
 * outbox). Used by the renderer's phone and by main's outbox.
 */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(value: never) => void>>();

  /** `onListenerError`: where a failing listener is told (default: the console). */
  constructor(private readonly onListenerError: (event: string, error: unknown) => void = (event, error) => console.error(`a "${event}" listener failed`, error)) {}

  on<K extends keyof Events>(event: K, listener: (value: Events[K]) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener as (value: never) => void);
    return () => set.delete(listener as (value: never) => void);
  }

  emit<K extends keyof Events>(event: K, value: Events[K]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        (l as (value: Events[K]) => void)(value);
      } catch (err) {
        this.onListenerError(String(event), err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
