# 'gallery_anytime.gp' - written by searchlab plot 'results/gallery.csv' --kind anytime; edit freely, then run
# in this folder:  gnuplot FILE.gp  (PNG)  or  gnuplot -e "fmt='svg'" FILE.gp  (SVG; 'pdf': PDF)
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') {
    set terminal svg size 1340,1380 dynamic font 'Sans,13' background rgb 'white'
    set output 'gallery_anytime.svg'
} else {
  if (fmt eq 'pdf') {
    set terminal pdfcairo size 13.40in,13.80in font 'Sans,9' background rgb 'white'
    set output 'gallery_anytime.pdf'
  } else {
    if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
        set terminal pngcairo size 1340,1380 font 'Sans,11' background rgb 'white'
    } else {
        set terminal png size 1340,1380
    }
    set output 'gallery_anytime.png'
  }
}
set termoption noenhanced
set datafile separator '\t'
set datafile missing '?'
set grid lc rgb '#dddddd'
set key outside right top vertical Left reverse noautotitle
set linetype 1 lc rgb '#0072b2' lw 2 pt 7 ps 1.1
set linetype 2 lc rgb '#d55e00' lw 2 pt 5 ps 1.1
set linetype 3 lc rgb '#009e73' lw 2 pt 9 ps 1.3
set linetype 4 lc rgb '#cc79a7' lw 2 pt 11 ps 1.3
set linetype 5 lc rgb '#e69f00' lw 2 pt 13 ps 1.3
set linetype 6 lc rgb '#56b4e9' lw 2 pt 4 ps 1.1
set linetype 7 lc rgb '#000000' lw 2 pt 6 ps 1.1
set linetype 8 lc rgb '#999999' lw 2 pt 8 ps 1.3
set linetype 9 lc rgb '#8c564b' lw 2 pt 12 ps 1.3
set linetype cycle 9
dat = 'gallery_anytime.dat'
set multiplot layout 4,3 title 'Anytime: the best objective found over CPU time (log); dashed: the best any run found; x: proven optimal'
set logscale x
set format x '%.0s %cs'
set xlabel 'CPU time'
set ylabel 'objective'
unset key
set xrange [0.0008:0.176899]
set yrange [23.84:26.16]
set title 'gallery-n6-s2500-000.gal'
set arrow 1 from graph 0, first 24.000000000 to graph 1, first 24.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 24' at graph 0.99, first 24.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 1 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 1 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 2 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 2 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 3 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 3 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.01]
set yrange [14.84:17.16]
set title 'gallery-n6-s2500-001.gal'
set arrow 1 from graph 0, first 15.000000000 to graph 1, first 15.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 15' at graph 0.99, first 15.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 5 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 5 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 6 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 6 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 7 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 7 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.0137205]
set yrange [16.68:21.32]
set title 'gallery-n6-s2500-002.gal'
set arrow 1 from graph 0, first 17.000000000 to graph 1, first 17.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 17' at graph 0.99, first 17.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 9 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 9 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 10 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 10 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 11 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 11 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.132867]
set yrange [31.920000000000002:33.079999999999998]
set title 'gallery-n7-s2500-000.gal'
set arrow 1 from graph 0, first 32.000000000 to graph 1, first 32.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 32' at graph 0.99, first 32.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 13 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 13 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 14 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 14 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 15 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 15 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:7.54405]
set yrange [27.68:32.32]
set title 'gallery-n7-s2500-001.gal'
set arrow 1 from graph 0, first 28.000000000 to graph 1, first 28.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 28' at graph 0.99, first 28.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 17 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 17 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 18 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 18 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 19 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 19 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:0.156976]
set yrange [30.84:33.159999999999997]
set title 'gallery-n7-s2500-002.gal'
set arrow 1 from graph 0, first 31.000000000 to graph 1, first 31.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 31' at graph 0.99, first 31.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 21 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 21 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 22 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 22 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 23 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 23 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:2.07516]
set yrange [45.920000000000002:47.079999999999998]
set title 'gallery-n8-s2500-000.gal'
set arrow 1 from graph 0, first 46.000000000 to graph 1, first 46.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 46' at graph 0.99, first 46.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 25 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 25 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 26 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 26 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 27 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 27 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
set xrange [0.0008:15.0054]
set yrange [42.759999999999998:46.240000000000002]
set title 'gallery-n8-s2500-001.gal'
set arrow 1 from graph 0, first 43.000000000 to graph 1, first 43.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 43' at graph 0.99, first 43.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 29 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 29 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 30 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 30 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 31 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100'
unset arrow 1
unset label 1
set xrange [0.0008:2.42998]
set yrange [43.920000000000002:45.079999999999998]
set title 'gallery-n8-s2500-002.gal'
set arrow 1 from graph 0, first 44.000000000 to graph 1, first 44.000000000 nohead lc rgb '#555555' dt 2 lw 1.5 front
set label 1 'best found: 44' at graph 0.99, first 44.000000000 right offset 0, 0.6 textcolor rgb '#555555' front
plot \
    dat index 33 using 1:2 with steps lt 2 lw 2 title 'gac', \
    dat index 33 using 1:3 with points lt 2 pt 2 ps 2 notitle, \
    dat index 34 using 1:2 with steps lt 3 lw 2 title 'gac:var=dom/wdeg', \
    dat index 34 using 1:3 with points lt 3 pt 2 ps 2 notitle, \
    dat index 35 using 1:2 with steps lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100', \
    dat index 35 using 1:3 with points lt 4 pt 2 ps 2 notitle
unset arrow 1
unset label 1
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset logscale x
set xrange [0:1]
set yrange [0:1]
set key center center Left reverse maxcols 1
plot \
    NaN with lines lt 1 lw 2 title 'fc (no solution on 4 of 4)', \
    NaN with lines lt 2 lw 2 title 'gac', \
    NaN with lines lt 3 lw 2 title 'gac:var=dom/wdeg', \
    NaN with lines lt 4 lw 2 title 'gac:var=dom/wdeg,restart=luby:100'
unset multiplot
