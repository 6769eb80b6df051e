import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConsoleApp } from './app/startup'
import { installGlobalHandlers } from './lib/global-handlers'
import './styles/console.css'

// Before anything else runs, so a failure during startup is reported too.
installGlobalHandlers(window)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <ConsoleApp />
  </StrictMode>,
)
