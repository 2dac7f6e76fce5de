// English texts of the phone's own refusals and failures (renderer/src/phone; spread into en.ts).
export const phoneEn = {
  'phone.err.noCall': 'There is no call right now.',
  'phone.err.ended': 'The call has already ended.',
  'phone.err.answer': 'The call could not be answered (microphone or connection problem). Check the microphone and try again.',
  'phone.err.rejectNotRinging': 'Only a ringing call can be rejected.',
  'phone.err.holdNotActive': 'Only an active call can be put on hold.',
  'phone.err.resumeNotHeld': 'Only a held call can be resumed.',
  'phone.err.holdRefused': 'The platform refused to put the call on hold ({status}).',
  'phone.err.resumeRefused': 'The platform refused to resume the call ({status}).',
  'phone.err.holdFailed': 'Could not put the call on hold: {detail}',
  'phone.err.resumeFailed': 'Could not resume the call: {detail}',
  'phone.err.dtmfNotActive': 'Digits can only be sent during an active call.',
  'phone.err.dtmfTones': 'Only the digits 0-9, *, #, A-D and , (pause) can be sent.',
  'phone.err.dtmfNoChannel': 'The digits could not be sent: the call has no audio channel for tones.',
  'phone.err.noAudioTrack': 'The chosen microphone gave no audio track. Choose another microphone.',
  'phone.err.noSender': 'The call has no audio sender to switch.',
} as const;
