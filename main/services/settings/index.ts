export { createSettingsService, type SettingsService } from './settings-service';
export { createJsonFileSettingsStorage } from './json-file-settings-storage';
export { UnreadableSettingsError, type SettingsStorage } from './settings-storage';
export { asidePath, readIfExists, writeAtomic } from './atomic-file';
