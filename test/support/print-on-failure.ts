// A vitest setup file: when a test fails, print what the running apps left
// behind (failure-report.ts), before its afterAll closes them.
import { beforeEach } from 'vitest';
import { printFailureReports } from './failure-report';

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => printFailureReports());
});
