/** A minimal typed event emitter: listeners per event name, errors in one listener do not stop the others. */
export class TypedEmitter<Events extends object> {
  private readonly listeners = new Map<keyof Events, Set<(value: never) => void>>();

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
        // A broken view must not break the phone.
        console.error(`phone: a "${String(event)}" listener failed`, err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
