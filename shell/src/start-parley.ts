import { configureSession } from 'shared-sdk';
import { start } from './bootstrap';

// Parley's own identity service signs users in: nothing of Firebase is in this build's pages.
void start(configureSession);
