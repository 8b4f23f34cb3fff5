// Only an async boundary: shared singletons must be negotiated before any of them is imported.
import('./bootstrap');
