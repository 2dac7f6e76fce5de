import { APP_NAME } from '../../common/app-info';

export function App() {
  return (
    <main>
      <h1>{APP_NAME}</h1>
    </main>
  );
}
