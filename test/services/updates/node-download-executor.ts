// Node's HTTP for electron-updater in tests: builder-util's NodeHttpExecutor
// plus the `download` that electron-updater's Electron executor adds (the same
// body: a manual-redirect request through HttpExecutor.doDownload).
import { NodeHttpExecutor } from 'builder-util';
import { configureRequestOptions, configureRequestUrl, type DownloadOptions } from 'builder-util-runtime';
import type { RequestOptions } from 'node:http';

export class NodeDownloadExecutor extends NodeHttpExecutor {
  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: RequestOptions & { redirect: string } = { headers: options.headers ?? undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(requestOptions, {
        destination, options, onCancel, responseHandler: null,
        callback: (error) => (error == null ? resolve(destination) : reject(error)),
      }, 0);
    });
  }
}
