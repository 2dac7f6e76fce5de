// A telephone keypad: 12 buttons in a grid, each announcing its digit.
export const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;

export function Keypad({ label, onKey, disabled = false, testId }: { label: string; onKey: (key: string) => void; disabled?: boolean; testId: string }) {
  return (
    <div className="keypad" role="group" aria-label={label} data-testid={testId}>
      {KEYS.map((key) => (
        <button key={key} type="button" className="keypad-key" onClick={() => onKey(key)} disabled={disabled} data-key={key}>
          {key}
        </button>
      ))}
    </div>
  );
}
