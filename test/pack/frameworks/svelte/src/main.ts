import { mount } from 'svelte';
import 'pageloop/agent-chat.js';
import App from './App.svelte';

mount(App, { target: document.getElementById('app')! });
