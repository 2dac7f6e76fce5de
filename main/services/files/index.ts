// How services, and the rooms above them that may not import main/api
// (main/desktop), read a file: the one bounded, non-blocking read in
// main/api/files/regular-file.ts. And the cap of the JSON state main keeps.
export {
  readRegularFile,
  readRegularFileSync,
  refusalWords,
  RefusedFileError,
  sizeWords,
  type BoundedRead,
  type FileRefusal,
} from '../../api/files/regular-file';

/**
 * The JSON state main keeps in its data folder: settings, the vault, missed
 * and recent calls (at most 1,000 per agent at about 0.3 KB each), callbacks
 * (at most 500), wrap-ups, the last manual campaign, IT's disposition choices.
 * The largest by design stays under half a megabyte; 4 MB leaves room ten
 * times over and still parses in milliseconds on main's thread.
 */
export const MAX_STATE_FILE_BYTES = 4 * 1024 * 1024;
