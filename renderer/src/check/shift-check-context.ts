// Who may open the shift-start check: the signed-in agent's shell provides
// it (it has the phone); the Help menu asks for it. null where there is no
// agent's phone (signed out, supervisor only): the menu offers no check.
import { createContext, useContext } from 'react';

export const ShiftCheckContext = createContext<(() => void) | null>(null);

export const useOpenShiftCheck = (): (() => void) | null => useContext(ShiftCheckContext);
