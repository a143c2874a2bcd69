import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers, createQueryClient } from './providers';
import { createConsoleRouter } from './router';

export function App() {
  const [client] = useState(createQueryClient);
  const [router] = useState(createConsoleRouter);
  return (
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>
  );
}
