"""Course tooling: notebooks and lab generation (:mod:`~asynclab.tooling.nbtools`), the GPU check
command (:mod:`~asynclab.tooling.gpucheck`) and the new-lesson scaffold."""
