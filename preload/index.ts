// The contextBridge: exposes the typed contract as window.softphone, nothing else.
import { contextBridge, ipcRenderer } from 'electron';
import { createPreloadBridge } from './bridge';

contextBridge.exposeInMainWorld('softphone', createPreloadBridge(ipcRenderer));
