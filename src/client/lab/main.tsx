// Entry of the viewer lab page (lab.html): generated or loaded particles with every viewer control, for
// development and benchmarks. No sign-in; not part of the app's routes.
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot } from 'react-dom/client';
import { LabApp } from './LabApp.tsx';
import { BaselineApp } from './BaselineApp.tsx';
import { readLabParams } from './labParams.ts';

const params = readLabParams(window.location.search);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <MantineProvider>{params.mode === 'baseline' ? <BaselineApp params={params} /> : <LabApp params={params} />}</MantineProvider>,
  );
}
