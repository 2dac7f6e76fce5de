/** The product's name as people see it, shared by window title, tray and CLI. */
export const APP_NAME = 'Agent Softphone';
export const APP_ID = 'com.agentsoftphone.app';
