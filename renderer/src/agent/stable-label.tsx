// A button label that switches (Mute ⇄ Unmute, Hold ⇄ Resume) without the
// button changing width: both labels share one grid cell, the other one
// hidden, so nothing beside it moves or wraps, in either language.
export function StableLabel({ on, whenOn, whenOff }: { on: boolean; whenOn: string; whenOff: string }) {
  return (
    <span className="stable-label">
      <span aria-hidden={on ? undefined : true} className={on ? undefined : 'stable-label-idle'}>{whenOn}</span>
      <span aria-hidden={on ? true : undefined} className={on ? 'stable-label-idle' : undefined}>{whenOff}</span>
    </span>
  );
}
