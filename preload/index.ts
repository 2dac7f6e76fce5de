// The contextBridge: exposes the typed contract as window.softphone, nothing else.
import { contextBridge } from 'electron';
import { APP_NAME } from '../common/app-info';

contextBridge.exposeInMainWorld('softphone', { appName: APP_NAME });
