// English texts of the STUN/TURN settings (issue 15). Spread into en.ts.
export const iceEn = {
  'ice.legend': 'STUN/TURN servers (advanced)',
  'ice.hint': 'Only when IT asks: for agents behind NAT or a firewall that blocks UDP. Applied at the next sign-in. A TURN password is kept encrypted and never shown again.',
  'ice.urls': 'Address (stun:, turn: or turns:)',
  'ice.username': 'User (TURN)',
  'ice.credential': 'Password (TURN)',
  'ice.add': 'Add server',
  'ice.remove': 'Remove',
} as const;
