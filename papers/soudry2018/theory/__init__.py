"""soudry2018 — Soudry, Hoffer, Nacson, Gunasekar, Srebro (ICLR/JMLR 2018): GD on separable data → hard-margin SVM."""
